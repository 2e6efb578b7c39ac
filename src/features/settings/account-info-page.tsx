import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { accountInfoMachine } from '../../../machines/account-info.machine';
import { accountInfoView, type AccountInfoView } from '../../../machines/account-info.view';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { CONTACTS_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { useLocale } from '../../i18n/use-locale';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { FormAlert } from '../../ui/form/form-alert';
import { fieldBinding } from '../../ui/form/field-binding';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { formNotice } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { PasswordDialog } from '../../ui/password-dialog';
import { PinInput } from '../../ui/pin-input';
import { Spinner } from '../../ui/spinner';
import { countryOptions } from '../../lib/country-options';
import { settingsCalls } from '../../api/settings-calls';

const FORM_ID = 'account-info-form';
const narrow = css({ maxW: '2xl' });

/**
 * The verified phone number, read-only: it changes only through phone verification (/contacts), which proves the
 * new number with a texted code — a field here would skip that proof.
 */
function PhoneNumber({ phoneNumber }: { phoneNumber: string | null }) {
  const { t } = useTranslation('settings');
  return (
    <dl className={phoneBlock}>
      <dt className={phoneLabel}>{t('accountInfo.phone')}</dt>
      <dd>
        <p className={phoneNumber ? phoneValue : undefined}>{phoneNumber ?? t('accountInfo.phoneNone')}</p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('accountInfo.phoneHint')}</p>
        <Link href={CONTACTS_PATH} className={textLink}>
          {phoneNumber ? t('accountInfo.phoneChange') : t('accountInfo.phoneVerify')}
        </Link>
      </dd>
    </dl>
  );
}

const pendingBlock = css({ mb: '6', display: 'grid', gap: '4' });
const pendingActions = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });

/**
 * A new email waiting for its code (issue 21): the account keeps the current email until the code sent to the new
 * one is typed here; resend sends another. Shown after saving a new email and after a reload alike.
 */
function PendingEmail({ pending, onDigits, onVerify, onResend }: {
  pending: NonNullable<AccountInfoView['pendingEmail']>;
  onDigits: (digits: string[]) => void;
  onVerify: () => void;
  onResend: () => void;
}) {
  const { t } = useTranslation('settings');
  const busy = pending.verifying || pending.resending;
  return (
    <section className={`${formNotice} ${pendingBlock}`} aria-labelledby="pending-email-title">
      <h2 id="pending-email-title" className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
        {t('accountInfo.pendingTitle')}
      </h2>
      <p>{t('accountInfo.pendingBody', { email: pending.email, current: pending.currentEmail })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onVerify();
        }}
        className={pendingBlock}
      >
        <PinInput label={t('accountInfo.codeLabel')} value={pending.digits} onValueChange={onDigits} error={pending.error ?? undefined} disabled={busy} />
        <div className={pendingActions}>
          <button type="submit" className={button()} disabled={busy}>
            {pending.verifying ? t('accountInfo.verifying') : t('accountInfo.verify')}
          </button>
          <button type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onResend}>
            {t('accountInfo.resend')}
          </button>
        </div>
        {pending.resent ? <p role="status">{t('accountInfo.resent', { email: pending.email })}</p> : null}
      </form>
    </section>
  );
}

const phoneBlock = css({ mt: '6', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' });
const phoneLabel = css({ fontWeight: 'medium', mb: '1' });
const phoneValue = css({ fontVariantNumeric: 'tabular-nums' });

/** The account-info machine with the browser's calls and effects: the session hears of a saved user. */
function useAccountInfoMachine() {
  const api = useApi();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(() => {
    const calls = settingsCalls(api);
    return accountInfoMachine.provide({
      actors: {
        loadUser: calls.loadUser,
        saveAccountInfo: calls.saveAccountInfo,
        verifyEmailCode: calls.verifyEmailCode,
        resendEmailCode: calls.resendEmailCode,
      },
      actions: {
        focusFirstError: () => focusFirstError(FORM_ID),
        reportUser: (_, { user }) => session.send({ type: 'USER_UPDATED', user }),
        notifySaved: () => notify.success(i18n.t('settings:accountInfo.saved')),
        notifyCodeSent: (_, { email }) => notify.success(i18n.t('settings:accountInfo.codeSent', { email })),
        notifyEmailChanged: () => notify.success(i18n.t('settings:accountInfo.emailChanged')),
      },
    });
  }, [api, notify, session]);
  return useMachine(logic, { input: { userId }, inspect: appInspect });
}

type AccountInfoState = ReturnType<typeof useAccountInfoMachine>;

/** The four editable fields and Save (its working words while the save runs). */
function AccountInfoForm({ state: [state, send], saving }: { state: AccountInfoState; saving: boolean }) {
  const { t } = useTranslation(['settings', 'accounts']);
  const locale = useLocale();
  const field = fieldBinding(state.context, send);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <MachineForm id={FORM_ID} onSubmit={() => send({ type: 'SUBMIT' })}>
      <FormAlert message={state.context.message} />
      <TextField id="account-info-full-name" label={t('accountInfo.fullName')} autoComplete="name" {...field.text('fullName')} />
      <TextField
        id="account-info-username"
        label={t('accountInfo.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field.text('username')}
      />
      <SelectField
        id="account-info-country"
        label={t('accountInfo.country')}
        placeholder={t('accountInfo.chooseCountry')}
        autoComplete="country"
        options={countries}
        {...field.text('country')}
      />
      <TextField
        id="account-info-email"
        type="email"
        label={t('accountInfo.email')}
        autoComplete="email"
        {...field.text('email')}
        hint={t('accountInfo.emailHint')}
      />
      <button type="submit" className={button({ size: 'lg' })} disabled={saving}>
        {saving ? t('accountInfo.saving') : t('accountInfo.save')}
      </button>
    </MachineForm>
  );
}

export function AccountInfoPage() {
  // The shared rules' messages are in the accounts namespace: load it with this page's own.
  const { t } = useTranslation(['settings', 'accounts']);
  const { t: tc } = useTranslation();
  const machine = useAccountInfoMachine();
  const [state, send] = machine;
  const view = accountInfoView(state);
  const header = <PageHeader title={tc('routes.accountInfo')} lead={t('accountInfo.lead')} />;

  if (view.part === 'loading') return <>{header}<Spinner /></>;
  if (view.part === 'loadFailed') {
    return (
      <>
        {header}
        <LoadFailedPanel message={t('accountInfo.loadFailed')} retryLabel={t('accountInfo.retry')} onRetry={() => send({ type: 'RETRY' })} size="md" />
      </>
    );
  }
  return (
    <>
      {header}
      <div className={`${card} ${narrow}`}>
        {view.pendingEmail ? (
          <PendingEmail
            pending={view.pendingEmail}
            onDigits={(digits) => send({ type: 'CODE_CHANGED', digits })}
            onVerify={() => send({ type: 'VERIFY_CODE' })}
            onResend={() => send({ type: 'RESEND_CODE' })}
          />
        ) : null}
        <AccountInfoForm state={machine} saving={view.saving} />
        <PhoneNumber phoneNumber={state.context.phoneNumber} />
      </div>
      <PasswordDialog
        open={view.passwordDialog.open}
        busy={view.passwordDialog.busy}
        error={view.passwordDialog.error}
        description={t('accountInfo.passwordBody')}
        onSubmit={(password) => send({ type: 'PASSWORD_SUBMIT', password })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </>
  );
}
