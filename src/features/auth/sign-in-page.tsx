import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SIGN_UP_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { textLink } from '../../ui/page-styles';
import { authFootnote, authSubtitle, authTitle } from './auth-page-styles';

/** /sign-in (the login path): heading now; the form and its machine arrive with the accounts issue. */
export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.signIn'));
  return (
    <>
      <h1 className={authTitle}>{t('auth.signInTitle')}</h1>
      <p className={authSubtitle}>{t('auth.signInSubtitle')}</p>
      <p className={authFootnote}>
        {t('auth.noAccount')}{' '}
        <Link href={SIGN_UP_PATH} className={textLink}>
          {t('auth.createAccount')}
        </Link>
      </p>
    </>
  );
}
