import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { PIN_LENGTH } from '../../../domain/limits';
import { emailVerificationMachine, type EmailVerificationEvent, type VerificationStart } from '../../../machines/email-verification.machine';
import { emailVerificationView, type EmailVerificationView } from '../../../machines/email-verification.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { CHECK_EMAIL_PATH, EXPIRED_LINK_PATH, HOME_PATH, LOGIN_PATH, VERIFY_SUCCESS_PATH, withQuery } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { FormAlert, FormNotice } from '../../ui/form/form-alert';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { useNotify } from '../../ui/notifications/use-notify';
import { PinInput } from '../../ui/pin-input';
import { Spinner } from '../../ui/spinner';
import { textLink } from '../../ui/page-styles';
import { css } from '../../../styled-system/css';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { useQueryParam } from '../../lib/use-query-param';
import { authActions, authFootnote, authSubtitle, authTitle } from '../../ui/auth-page-styles';
import { MachineForm } from '../../ui/form/machine-form';

const inlineButton = css({
  display: 'inline',
  p: '0',
  bg: 'transparent',
  cursor: 'pointer',
  _disabled: { cursor: 'wait', opacity: 0.7 },
});

/**
 * The email-verification flow for its three entries: /check-email (type the code), /verify-email (the emailed
 * link, verified at once) and /expired-link (ask for a new code). The email comes from the link, else from the
 * signed-in user.
 */
export function EmailVerificationView({ start }: { start: VerificationStart }) {
  const user = SessionContext.useSelector((snapshot) => snapshot.context.user);
  const email = useQueryParam('email') ?? user?.email ?? '';
  const code = useQueryParam('code');
  if (!email) return <NoEmail />;
  if (start === 'code' && user?.emailStatus === 'verified' && user.email === email) return <AlreadyVerified />;
  // A new link or email (a second emailed link opened in this tab) starts a fresh flow.
  return <Verification key={`${start}|${email}|${code ?? ''}`} start={start} email={email} code={code} signedIn={user !== null} />;
}

function Verification({ start, email, code, signedIn }: { start: VerificationStart; email: string; code: string | null; signedIn: boolean }) {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const session = SessionContext.useActorRef();
  const notify = useNotify();
  const logic = useMemo(() => {
    const calls = accountCalls(api);
    const userId = session.getSnapshot().context.user?.userId ?? '';
    return emailVerificationMachine.provide({
      actors: { verifyCode: calls.verifyCode, resendCode: calls.resendCode, loadUser: calls.loadUser(userId) },
      actions: {
        focusFirstError: () => focusFirstError(FORM_IDS.verifyEmail),
        goToExpiredLink: () => navigate(withQuery(EXPIRED_LINK_PATH, { email }), { replace: true }),
        goToCheckEmail: () => navigate(withQuery(CHECK_EMAIL_PATH, { email }), { replace: true }),
        notifyResent: () => notify.success(t('pinResent')),
        reportUser: (_, { user }) => session.send({ type: 'USER_UPDATED', user }),
        // The session decides where "the app" is: /set-up until set up, home after.
        goToApp: () => navigate(HOME_PATH, { replace: true }),
        goToVerifiedElsewhere: () => navigate(VERIFY_SUCCESS_PATH, { replace: true }),
      },
    });
  }, [api, session, notify, t, email]);
  const [state, send] = useMachine(logic, { input: { email, code, start, signedIn }, inspect: appInspect });
  const view = emailVerificationView(state);

  if (view.expiredLink) {
    const { message, resend } = view.expiredLink;
    return (
      <Titled title={t('titles.expiredLink')}>
        <p className={authSubtitle}>{t('expiredLink.body', { email })}</p>
        <div className={authActions}>
          <FormAlert message={message} />
          <button
            type="button"
            className={button({ size: 'lg', fullWidth: true })}
            disabled={!resend.enabled}
            onClick={() => send({ type: 'RESEND' })}
          >
            {t(resend.labelKey)}
          </button>
        </div>
      </Titled>
    );
  }

  if (view.code) return <CodeForm code={view.code} email={email} send={send} />;

  // Checking the link, or on the way out after success.
  return (
    <Titled title={t('titles.verifyEmail')}>
      <p className={authSubtitle}>{t('verifyEmail.checking')}</p>
      <Spinner />
    </Titled>
  );
}

/** The code typed into six boxes, with Verify and "send a new code". */
function CodeForm({ code, email, send }: { code: NonNullable<EmailVerificationView['code']>; email: string; send: (event: EmailVerificationEvent) => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Titled title={t('titles.checkEmail')}>
      <p className={authSubtitle}>
        <Trans t={t} i18nKey="checkEmail.body" values={{ email, digits: PIN_LENGTH }} components={{ strong: <strong /> }} />
      </p>
      <MachineForm id={FORM_IDS.verifyEmail} message={code.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <FormNotice>{code.resent ? t('checkEmail.resent', { email }) : null}</FormNotice>
        <PinInput
          label={t('checkEmail.codeLabel')}
          value={code.digits}
          onValueChange={(next) => send({ type: 'CODE_CHANGED', digits: next })}
          error={code.error}
          disabled={!code.typing}
        />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!code.verify.enabled}>
          {t(code.verify.labelKey)}
        </button>
      </MachineForm>
      <p className={authFootnote}>
        {t('checkEmail.resendPrompt')}{' '}
        <button
          type="button"
          className={`${textLink} ${inlineButton}`}
          disabled={!code.resend.enabled}
          onClick={() => send({ type: 'RESEND' })}
        >
          {t(code.resend.labelKey)}
        </button>
      </p>
    </Titled>
  );
}

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className={authTitle}>{title}</h1>
      {children}
    </>
  );
}

function NoEmail() {
  const { t } = useTranslation('accounts');
  return (
    <Titled title={t('titles.checkEmail')}>
      <p className={authSubtitle}>{t('checkEmail.noEmail')}</p>
      <div className={authActions}>
        <Link href={LOGIN_PATH} className={button({ size: 'lg', fullWidth: true })}>
          {t('checkEmail.signIn')}
        </Link>
      </div>
    </Titled>
  );
}

function AlreadyVerified() {
  const { t } = useTranslation('accounts');
  return (
    <Titled title={t('titles.verifySuccess')}>
      <p className={authSubtitle}>{t('checkEmail.alreadyVerified')}</p>
      <div className={authActions}>
        <Link href={HOME_PATH} className={button({ size: 'lg', fullWidth: true })}>
          {t('checkEmail.continue')}
        </Link>
      </div>
    </Titled>
  );
}
