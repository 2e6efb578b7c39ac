import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { authActions, authSubtitle, authTitle } from '../../ui/auth-page-styles';

/**
 * /verify-success-mobile: the emailed link was opened where nobody is signed in (typically a phone): the email
 * is verified; the user returns to the device they signed up on, or signs in here.
 */
export function VerifySuccessPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('titles.verifySuccess'));
  return (
    <>
      <h1 className={authTitle}>{t('titles.verifySuccess')}</h1>
      <p className={authSubtitle}>{t('verifySuccess.body')}</p>
      <div className={authActions}>
        <Link href={LOGIN_PATH} className={button({ size: 'lg', fullWidth: true })}>
          {t('verifySuccess.signIn')}
        </Link>
      </div>
    </>
  );
}
