import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { authActions, authSubtitle, authTitle } from '../../ui/auth-page-styles';

/** /expired-session: where a 401 with code `session_expired` lands (spec 2, spec 8 wording). */
export function ExpiredSessionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.expiredSession'));
  return (
    <>
      <h1 className={authTitle}>{t('auth.expiredTitle')}</h1>
      <p className={authSubtitle}>{t('auth.expiredBody')}</p>
      <div className={authActions}>
        <Link href={LOGIN_PATH} className={button({ size: 'lg', fullWidth: true })}>
          {t('auth.expiredSignIn')}
        </Link>
      </div>
    </>
  );
}
