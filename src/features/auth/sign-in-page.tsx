import { useMachine } from '@xstate/react';
import { appInspect } from '../../lib/app-inspector';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { signInMachine } from '../../../machines/sign-in.machine';
import { signInView } from '../../../machines/sign-in.view';
import { apiClientFor } from '../../api/use-api';
import { fromRuntime } from '../../app/runtime/from-runtime';
import { useRuntimeLoader } from '../../app/runtime/runtime-loader-context';
import { CHECK_EMAIL_PATH, FORGOT_PASSWORD_PATH, SIGN_UP_PATH, withQuery } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { PasswordField } from '../../ui/form/password-field';
import { textLink } from '../../ui/page-styles';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { useQueryParam } from '../../lib/use-query-param';
import { AccountEmailField } from './account-email-field';
import { AuthHeading } from './auth-heading';
import { authFootnote } from '../../ui/auth-page-styles';
import { MachineForm } from '../../ui/form/machine-form';

/** `?next=` only ever leads within the app: a path, never `//host` or a scheme (no open redirect). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * /sign-in (the login path): renders the sign-in machine; the session routes on once it reports the user. It renders
 * before the runtime (the server sends it as HTML, src/prerender): the call and the session are the runtime's, taken
 * when the form is sent.
 */
export function SignInPage() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  useDocumentTitle(tc('routes.signIn'));
  const loadRuntime = useRuntimeLoader();
  const email = useQueryParam('email') ?? undefined;
  const next = safeNext(useQueryParam('next'));
  const logic = useMemo(
    () =>
      signInMachine.provide({
        actors: { signIn: fromRuntime(loadRuntime, (runtime) => accountCalls(apiClientFor(runtime.api)).signIn) },
        actions: {
          focusFirstError: () => focusFirstError(FORM_IDS.signIn),
          goToCheckEmail: () => navigate(CHECK_EMAIL_PATH),
          reportSignedIn: (_, { user }) => {
            // The call went through the runtime, so it is here.
            void loadRuntime().then(({ session }) => {
              session.send({ type: 'SIGNED_IN', user });
              // Back to the page that asked for the sign-in (a creator's pay page with the choice in its query).
              if (next) navigate(next, { replace: true });
            });
          },
        },
      }),
    [loadRuntime, next],
  );
  const [state, send] = useMachine(logic, { input: { email }, inspect: appInspect });
  const { values, passwordVisible } = state.context;
  const view = signInView(state);
  const field = fieldBinding(state.context, send, view.editable);
  return (
    <>
      <AuthHeading title={tc('auth.signInTitle')} subtitle={tc('auth.signInSubtitle')} />
      <MachineForm id={FORM_IDS.signIn} message={view.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountEmailField id="sign-in-email" {...field.text('email')} />
        <PasswordField
          id="sign-in-password"
          label={t('fields.password')}
          autoComplete="current-password"
          {...field.password('password', passwordVisible)}
        />
        <Link href={withQuery(FORGOT_PASSWORD_PATH, { email: values.email.trim() })} className={textLink}>
          {t('signIn.forgotPassword')}
        </Link>
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!view.submit.enabled}>
          {t(view.submit.labelKey)}
        </button>
      </MachineForm>
      <p className={authFootnote}>
        {tc('auth.noAccount')}{' '}
        <Link href={SIGN_UP_PATH} className={textLink}>
          {tc('auth.createAccount')}
        </Link>
      </p>
    </>
  );
}
