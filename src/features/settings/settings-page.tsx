import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { LogoutButton } from '../../layouts/app-shell/logout-button';
import { button } from '../../ui/button-styles';
import { LogoutIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { card, sectionTitle, textLink } from '../../ui/page-styles';
import { CloseAccountSection } from './close-account-section';
import { PreferencesSection } from './preferences-section';
import { ACCOUNT_INFO_PATH, CHANGE_PASSWORD_PATH, CONTACTS_PATH, FAQ_PATH, HELP_PATH, PAYMENT_METHODS_PATH, SETTINGS_LEGAL_PATH, WITHDRAW_METHOD_PATH } from '../../config/paths';

const sections = css({ display: 'grid', gap: '6', maxW: '2xl' });
const list = css({ mt: '4', display: 'grid', gap: '3', listStyle: 'none', p: '0' });

/**
 * Settings (spec 2): manage preferences, the account's screens, help (FAQ, Help and Support, legal) and closing
 * the account. Logging out is here too, because below 768 px the shell has no tab bar (and so no logout button).
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const links = (title: string, id: string, items: Array<[string, string]>) => (
    <nav className={card} aria-labelledby={id}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      <ul className={list}>
        {items.map(([href, label]) => (
          <li key={href}>
            <Link href={href} className={textLink}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <>
      <PageHeader title={tc('routes.settings')} lead={t('lead')} />
      <div className={sections}>
        <PreferencesSection />
        {links(t('account.title'), 'settings-account-title', [
          [ACCOUNT_INFO_PATH, t('account.accountInfo')],
          [CHANGE_PASSWORD_PATH, t('account.changePassword')],
          [PAYMENT_METHODS_PATH, t('account.paymentMethods')],
          [WITHDRAW_METHOD_PATH, t('account.withdrawMethod')],
          [CONTACTS_PATH, t('account.contacts')],
        ])}
        {links(t('help.title'), 'settings-help-title', [
          [FAQ_PATH, t('help.faq')],
          [HELP_PATH, t('help.support')],
          [SETTINGS_LEGAL_PATH, t('help.legal')],
        ])}
        <div>
          <LogoutButton
            trigger={
              <button type="button" className={button({ variant: 'outline' })}>
                <LogoutIcon size={18} />
                {tc('shell.logout')}
              </button>
            }
          />
        </div>
        <CloseAccountSection />
      </div>
    </>
  );
}
