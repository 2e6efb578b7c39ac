import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../../../domain/limits';
import { phoneVerificationMachine, type PhoneVerificationContext, type PhoneVerificationEvent } from '../../../machines/phone-verification.machine';
import { phoneVerificationView, type PhoneVerificationView } from '../../../machines/phone-verification.view';
import { css } from '../../../styled-system/css';
import { i18n } from '../../i18n/i18n';
import { button } from '../../ui/button-styles';
import { FormNotice } from '../../ui/form/form-alert';
import { MachineForm } from '../../ui/form/machine-form';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { TextField } from '../../ui/form/text-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { PinInput } from '../../ui/pin-input';
import { Stepper } from '../../ui/stepper';
import type { PeopleCalls } from './people-calls';
import { buttonRow, fullWidth } from './people-styles';

const FORM_ID = 'phone-verification-form';
const details = css({ mt: '4', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2 4', fontSize: 'sm' });
const term = css({ fontWeight: 'semibold', color: 'fg.default' });

/**
 * Phone verification (/contacts): renders the phone-verification machine as three numbered steps — the number
 * with its country code, the texted code (resend, change number), then the details to confirm.
 */
export function PhoneVerificationSection({ userId, calls }: { userId: string; calls: PeopleCalls }) {
  const { t } = useTranslation('people');
  const notify = useNotify();
  const logic = useMemo(
    () =>
      phoneVerificationMachine.provide({
        actors: { sendCode: calls.sendCode, verifyCode: calls.verifyCode, confirmPhone: calls.confirmPhone },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          notifyResent: ({ context }) => notify.success(i18n.t('people:phone.resent', { phone: context.phone })),
          notifyVerified: ({ context }) => notify.success(i18n.t('people:phone.verified', { phone: context.phone })),
        },
      }),
    [calls, notify],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const { phone, errors, message } = state.context;
  const steps = [t('phone.steps.number'), t('phone.steps.code'), t('phone.steps.confirm')];
  const view = phoneVerificationView(state);

  return (
    <section className={card} aria-labelledby="phone-title">
      <h2 id="phone-title" className={sectionTitle}>
        {t('phone.title')}
      </h2>
      <p className={mutedText}>{t('phone.lead')}</p>
      <div className={css({ mt: '4' })}>
        <Stepper steps={steps} current={view.step} />
      </div>
      <MachineForm
        id={FORM_ID}
        message={message}
        onSubmit={() => {
          if (view.submit) send({ type: view.submit });
        }}
      >
        {view.number ? (
          <>
            <div className={fullWidth}>
              <TextField
                id="phone-number"
                type="tel"
                autoComplete="tel"
                label={t('phone.numberLabel')}
                hint={t('phone.numberHint', { min: PHONE_MIN_DIGITS, max: PHONE_MAX_DIGITS })}
                value={phone}
                error={errors.phone}
                onValueChange={(value) => send({ type: 'CHANGE_PHONE', value })}
              />
            </div>
            <button type="submit" className={button()} disabled={!view.number.send.enabled}>
              {t(view.number.send.labelKey)}
            </button>
          </>
        ) : null}
        {view.code ? <CodeStep code={view.code} context={state.context} send={send} /> : null}
        {view.confirm ? <ConfirmStep confirm={view.confirm} send={send} /> : null}
        {view.verified ? (
          <p role="status" className={css({ fontWeight: 'semibold' })}>
            {t('phone.verified', { phone })}
          </p>
        ) : null}
      </MachineForm>
    </section>
  );
}

type Send = (event: PhoneVerificationEvent) => void;

/** The texted code in six boxes, with Verify, Resend and Change number. */
function CodeStep({ code, context, send }: { code: NonNullable<PhoneVerificationView['code']>; context: PhoneVerificationContext; send: Send }) {
  const { t } = useTranslation('people');
  const { phone, digits, errors, resent } = context;
  return (
    <>
      <FormNotice>{resent ? t('phone.resent', { phone }) : null}</FormNotice>
      <PinInput
        label={t('phone.codeLabel', { phone })}
        value={digits}
        error={errors.code}
        autoFocus
        disabled={!code.typing}
        onValueChange={(value) => send({ type: 'CODE_CHANGED', digits: value })}
      />
      <div className={buttonRow}>
        <button type="submit" className={button()} disabled={!code.verify.enabled}>
          {t(code.verify.labelKey)}
        </button>
        <button type="button" className={button({ variant: 'outline' })} disabled={!code.resend.enabled} onClick={() => send({ type: 'RESEND' })}>
          {t(code.resend.labelKey)}
        </button>
        <button
          type="button"
          className={button({ variant: 'ghost' })}
          disabled={!code.changeNumber.enabled}
          onClick={() => send({ type: 'CHANGE_NUMBER' })}
        >
          {t(code.changeNumber.labelKey)}
        </button>
      </div>
    </>
  );
}

/** The details the server found for the number, to confirm (or go back and change the number). */
function ConfirmStep({ confirm, send }: { confirm: NonNullable<PhoneVerificationView['confirm']>; send: Send }) {
  const { t } = useTranslation('people');
  return (
    <>
      <p>{t('phone.confirmLead')}</p>
      <dl className={details}>
        <dt className={term}>{t('phone.fullName')}</dt>
        <dd>{confirm.details.full_name}</dd>
        <dt className={term}>{t('phone.username')}</dt>
        <dd>@{confirm.details.username}</dd>
        <dt className={term}>{t('phone.email')}</dt>
        <dd>{confirm.details.email}</dd>
        <dt className={term}>{t('phone.phone')}</dt>
        <dd>{confirm.details.phone}</dd>
      </dl>
      <div className={buttonRow}>
        <button type="submit" className={button()} disabled={!confirm.confirm.enabled}>
          {t(confirm.confirm.labelKey)}
        </button>
        <button
          type="button"
          className={button({ variant: 'ghost' })}
          disabled={!confirm.changeNumber.enabled}
          onClick={() => send({ type: 'CHANGE_NUMBER' })}
        >
          {t(confirm.changeNumber.labelKey)}
        </button>
      </div>
    </>
  );
}
