import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { textLink } from '../../ui/page-styles';
import { authFootnote, authSubtitle, authTitle } from './auth-page-styles';

/** /sign-up: heading now; the form and its machine arrive with the accounts issue. */
export function SignUpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.signUp'));
  return (
    <>
      <h1 className={authTitle}>{t('auth.signUpTitle')}</h1>
      <p className={authSubtitle}>{t('auth.signUpSubtitle')}</p>
      <p className={authFootnote}>
        {t('auth.haveAccount')}{' '}
        <Link href={LOGIN_PATH} className={textLink}>
          {t('auth.signInLink')}
        </Link>
      </p>
    </>
  );
}
