import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_PATH, SIGN_UP_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { authActions, authSubtitle, authTitle } from '../../ui/auth-page-styles';

/** /welcome: choose sign up or log in (spec 2); every landing call to action leads here. */
export function WelcomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.welcome'));
  return (
    <>
      <h1 className={authTitle}>{t('auth.welcomeTitle')}</h1>
      <p className={authSubtitle}>{t('auth.welcomeSubtitle')}</p>
      <div className={authActions}>
        <Link href={SIGN_UP_PATH} className={button({ size: 'lg', fullWidth: true })}>
          {t('auth.welcomeSignUp')}
        </Link>
        <Link href={LOGIN_PATH} className={button({ variant: 'outline', size: 'lg', fullWidth: true })}>
          {t('auth.welcomeSignIn')}
        </Link>
      </div>
    </>
  );
}
