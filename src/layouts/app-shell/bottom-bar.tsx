import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { css, cva } from '../../../styled-system/css';
import { PAYMENT_PATH } from '../../config/paths';
import { isActivePath, NavLink } from '../../ui/nav-link';
import { BOTTOM_BAR_ITEMS } from './nav-items';

const bar = css({
  display: { base: 'block', md: 'none' },
  position: 'fixed',
  insetX: '0',
  bottom: '0',
  zIndex: 30,
  bg: 'rgba(255, 255, 255, 0.94)',
  backdropFilter: 'saturate(180%) blur(12px)',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  pb: 'env(safe-area-inset-bottom)',
});

const list = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  listStyle: 'none',
  m: '0',
  p: '0',
  h: '16',
});

const item = cva({
  base: {
    h: 'full',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0.5',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textDecoration: 'none',
    '&[aria-current=page]': { color: 'accent.text' },
  },
  variants: {
    primary: { true: { color: 'accent.text' } },
  },
});

const primaryIcon = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '11',
  h: '11',
  mt: '-5',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'white',
  boxShadow: '0 6px 16px rgba(31, 85, 224, 0.4)',
  borderWidth: '3px',
  borderColor: 'bg.surface',
});

/** Spec 2: the phone's bottom bar, below 768 px; hidden on /payment, whose screens need the space. */
export function BottomBar() {
  const { t } = useTranslation();
  const [location] = useLocation();
  if (isActivePath(PAYMENT_PATH, location)) return null;
  return (
    <nav className={bar} aria-label={t('shell.navLabel')}>
      <ul className={list}>
        {BOTTOM_BAR_ITEMS.map(({ href, labelKey, icon: Icon, primary }) => (
          <li key={href}>
            <NavLink href={href} className={item({ primary: primary === true })}>
              {primary ? (
                <span className={primaryIcon}>
                  <Icon size={20} />
                </span>
              ) : (
                <Icon size={22} />
              )}
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
