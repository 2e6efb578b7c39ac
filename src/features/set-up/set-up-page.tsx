import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { LogoutButton } from '../../layouts/app-shell/logout-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { LogoutIcon } from '../../ui/icons';
import { card, pageLead, pageTitle } from '../../ui/page-styles';

const actions = css({ mt: '8', display: 'flex', justifyContent: 'flex-end' });

/**
 * /set-up, the only page of a user missing username, country or full name (spec 2). The form comes with
 * the accounts issue; logging out is always possible so nobody is trapped here.
 */
export function SetUpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.setUp'));
  return (
    <div className={card}>
      <h1 className={pageTitle}>{t('setUp.title')}</h1>
      <p className={pageLead}>{t('setUp.body')}</p>
      <div className={actions}>
        <LogoutButton
          trigger={
            <button type="button" className={button({ variant: 'outline' })}>
              <LogoutIcon size={18} />
              {t('setUp.logout')}
            </button>
          }
        />
      </div>
    </div>
  );
}
