import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { readPurchase } from '../../../domain/purchase';
import { INVITED_BY_PARAM, readInviter } from '../../../domain/invitation';
import { RULE_VALUES } from '../../../domain/rules/rule-values';
import { signUpMachine } from '../../../machines/sign-up.machine';
import { signUpView } from '../../../machines/sign-up.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { CHECK_EMAIL_PATH, LOGIN_PATH, PRIVACY_PATH, TERMS_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { ExternalLink } from '../../ui/external-link';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { PasswordField } from '../../ui/form/password-field';
import { textLink } from '../../ui/page-styles';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { useQueryParam } from '../../lib/use-query-param';
import { AccountEmailField } from './account-email-field';
import { AuthHeading } from './auth-heading';
import { authFootnote, authSubtitle } from '../../ui/auth-page-styles';
import { MachineForm } from '../../ui/form/machine-form';

/** A legal page from the consent text, in a new tab so the form keeps what was typed; Trans fills its text. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <ExternalLink href={href} className={textLink}>
      {children}
    </ExternalLink>
  );
}

/**
 * /sign-up: renders the sign-up machine. A purchase started on a creator's page arrives as `?purchase=` (JSON) or
 * as router state `{ purchase }`; it is validated, carried into the create call, and resumed after set-up.
 */
export function SignUpPage() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  useDocumentTitle(tc('routes.signUp'));
  const api = useApi();
  const session = SessionContext.useActorRef();
  const purchaseParam = useQueryParam('purchase');
  const purchase = useMemo(
    () => readPurchase(purchaseParam ?? (window.history.state as { purchase?: unknown } | null)?.purchase ?? null),
    // Read once: the machine keeps the purchase it started with.
    [],
  );
  const invitedParam = useQueryParam(INVITED_BY_PARAM);
  // Read once, like the purchase.
  const invitedBy = useMemo(() => readInviter(invitedParam), []);
  const logic = useMemo(
    () =>
      signUpMachine.provide({
        actors: { createUser: accountCalls(api).createUser },
        actions: {
          focusFirstError: () => focusFirstError(FORM_IDS.signUp),
          goToCheckEmail: () => navigate(CHECK_EMAIL_PATH),
          reportSignedIn: (_, { user }) => session.send({ type: 'SIGNED_IN', user }),
        },
      }),
    [api, session],
  );
  const [state, send] = useMachine(logic, { input: { purchase, invitedBy }, inspect: appInspect });
  const { values, errors } = state.context;
  const view = signUpView(state);
  const field = fieldBinding(state.context, send, view.editable);
  return (
    <>
      <AuthHeading title={tc('auth.signUpTitle')} subtitle={tc('auth.signUpSubtitle')} />
      {purchase ? <p className={authSubtitle}>{t('signUp.purchaseNote', { creator: purchase.creatorUsername })}</p> : null}
      {invitedBy ? <p className={authSubtitle}>{t('signUp.invitedNote', { inviter: invitedBy })}</p> : null}
      <MachineForm id={FORM_IDS.signUp} message={view.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountEmailField id="sign-up-email" {...field.text('email')} />
        <PasswordField
          id="sign-up-password"
          label={t('fields.password')}
          autoComplete="new-password"
          {...field.password('password')}
          hint={t('fields.passwordHint', { min: RULE_VALUES.min })}
        />
        <PasswordField
          id="sign-up-confirm-password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          {...field.password('confirmPassword')}
        />
        <CheckboxField
          id="sign-up-accept-terms"
          checked={values.acceptTerms}
          onCheckedChange={(value) => send({ type: 'CHANGE', field: 'acceptTerms', value })}
          error={errors.acceptTerms}
          label={
            <Trans
              t={t}
              i18nKey="signUp.consent"
              components={{
                terms: <LegalLink href={TERMS_PATH} />,
                privacy: <LegalLink href={PRIVACY_PATH} />,
              }}
            />
          }
        />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!view.submit.enabled}>
          {t(view.submit.labelKey)}
        </button>
      </MachineForm>
      <p className={authFootnote}>
        {tc('auth.haveAccount')}{' '}
        <Link href={LOGIN_PATH} className={textLink}>
          {tc('auth.signInLink')}
        </Link>
      </p>
    </>
  );
}
