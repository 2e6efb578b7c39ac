import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../../../domain/limits';
import { phoneVerificationMachine } from '../../../machines/phone-verification.machine';
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
  const { phone, digits, errors, message, resent, details: shown } = state.context;
  const steps = [t('phone.steps.number'), t('phone.steps.code'), t('phone.steps.confirm')];
  const numberStep = state.matches('enteringPhone') || state.matches('sendingCode');
  const codeStep = state.matches('enteringCode') || state.matches('verifying');
  const current = numberStep ? 0 : codeStep ? 1 : state.matches('confirming') ? 2 : 3;

  return (
    <section className={card} aria-labelledby="phone-title">
      <h2 id="phone-title" className={sectionTitle}>
        {t('phone.title')}
      </h2>
      <p className={mutedText}>{t('phone.lead')}</p>
      <div className={css({ mt: '4' })}>
        <Stepper steps={steps} current={current} />
      </div>
      <MachineForm
        id={FORM_ID}
        message={message}
        onSubmit={() => {
          if (numberStep) send({ type: 'SEND_CODE' });
          else if (codeStep) send({ type: 'VERIFY' });
          else send({ type: 'CONFIRM' });
        }}
      >
        {numberStep ? (
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
            <button type="submit" className={button()} disabled={state.matches('sendingCode')}>
              {state.matches('sendingCode') ? t('phone.sending') : t('phone.sendCode')}
            </button>
          </>
        ) : null}
        {codeStep ? (
          <>
            <FormNotice>{resent ? t('phone.resent', { phone }) : null}</FormNotice>
            <PinInput
              label={t('phone.codeLabel', { phone })}
              value={digits}
              error={errors.code}
              autoFocus
              disabled={state.matches('verifying')}
              onValueChange={(value) => send({ type: 'CODE_CHANGED', digits: value })}
            />
            <div className={buttonRow}>
              <button type="submit" className={button()} disabled={state.matches('verifying')}>
                {state.matches('verifying') ? t('phone.verifying') : t('phone.verify')}
              </button>
              <button
                type="button"
                className={button({ variant: 'outline' })}
                disabled={!state.matches({ enteringCode: 'idle' })}
                onClick={() => send({ type: 'RESEND' })}
              >
                {state.matches({ enteringCode: 'resending' }) ? t('phone.resending') : t('phone.resend')}
              </button>
              <button type="button" className={button({ variant: 'ghost' })} disabled={state.matches('verifying')} onClick={() => send({ type: 'CHANGE_NUMBER' })}>
                {t('phone.changeNumber')}
              </button>
            </div>
          </>
        ) : null}
        {state.matches('confirming') && shown ? (
          <>
            <p>{t('phone.confirmLead')}</p>
            <dl className={details}>
              <dt className={term}>{t('phone.fullName')}</dt>
              <dd>{shown.full_name}</dd>
              <dt className={term}>{t('phone.username')}</dt>
              <dd>@{shown.username}</dd>
              <dt className={term}>{t('phone.email')}</dt>
              <dd>{shown.email}</dd>
              <dt className={term}>{t('phone.phone')}</dt>
              <dd>{shown.phone}</dd>
            </dl>
            <div className={buttonRow}>
              <button type="submit" className={button()} disabled={state.matches({ confirming: 'saving' })}>
                {state.matches({ confirming: 'saving' }) ? t('phone.confirming') : t('phone.confirm')}
              </button>
              <button
                type="button"
                className={button({ variant: 'ghost' })}
                disabled={state.matches({ confirming: 'saving' })}
                onClick={() => send({ type: 'CHANGE_NUMBER' })}
              >
                {t('phone.changeNumber')}
              </button>
            </div>
          </>
        ) : null}
        {state.matches('verified') ? (
          <p role="status" className={css({ fontWeight: 'semibold' })}>
            {t('phone.verified', { phone })}
          </p>
        ) : null}
      </MachineForm>
    </section>
  );
}
