import { useTranslation } from 'react-i18next';
import { SUPPORT_URL } from '../../../domain/product';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { button } from '../../ui/button-styles';
import { ExternalIcon, HelpIcon, LogoutIcon } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { NavLink } from '../../ui/nav-link';
import { LogoutButton } from './logout-button';
import { SEND_OR_REQUEST_ITEM, TAB_BAR_ITEMS } from './nav-items';

const bar = css({
  display: { base: 'none', md: 'flex' },
  flexDirection: 'column',
  gap: '6',
  position: 'sticky',
  top: '0',
  h: '100dvh',
  py: '6',
  px: '4',
  bg: 'bg.surface',
  borderRightWidth: '1px',
  borderColor: 'border.subtle',
});

const logo = css({ px: '3' });
const list = css({ display: 'grid', gap: '1', listStyle: 'none', m: '0', p: '0' });

const item = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  h: '11',
  px: '3',
  borderRadius: 'xl',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  cursor: 'pointer',
  w: 'full',
  _hover: { bg: 'gray.100', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', fontWeight: 'semibold' },
});

const primary = css({ mt: '2', gap: '2' });
const footer = css({ mt: 'auto', display: 'grid', gap: '1' });

/** The large-screen tab bar (spec 2), from 768 px. */
export function TabBar() {
  const { t } = useTranslation();
  const Send = SEND_OR_REQUEST_ITEM.icon;
  return (
    <nav className={bar} aria-label={t('shell.navLabel')}>
      <div className={logo}>
        <Logo />
      </div>
      <ul className={list}>
        {TAB_BAR_ITEMS.map(({ href, labelKey, icon: Icon }) => (
          <li key={href}>
            <NavLink href={href} className={item}>
              <Icon />
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
        <li>
          <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" className={item}>
            <HelpIcon />
            {t('shell.support')}
            <ExternalIcon size={14} />
            <span className={visuallyHidden()}> {t('app.opensInNewTab')}</span>
          </a>
        </li>
        <li>
          <NavLink href={SEND_OR_REQUEST_ITEM.href} className={cx(button({ fullWidth: true }), primary)}>
            <Send size={18} />
            {t(SEND_OR_REQUEST_ITEM.labelKey)}
          </NavLink>
        </li>
      </ul>
      <div className={footer}>
        <LogoutButton
          trigger={
            <button type="button" className={item}>
              <LogoutIcon />
              {t('shell.logout')}
            </button>
          }
        />
      </div>
    </nav>
  );
}
