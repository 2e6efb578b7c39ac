import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { LOGIN_PATH, SIGN_UP_PATH } from '../../config/paths';
import { button } from '../../ui/button-styles';
import { CloseIcon, MenuIcon } from '../../ui/icons';
import { LanguageSelect } from '../../ui/language-select';
import { Logo } from '../../ui/logo';
import { PublicNavLinks } from './public-nav-links';

const header = css({
  position: 'sticky',
  top: '0',
  zIndex: 40,
  bg: 'rgba(255, 255, 255, 0.9)',
  backdropFilter: 'saturate(180%) blur(12px)',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});

const bar = css({
  maxW: '6xl',
  mx: 'auto',
  h: { base: '16', md: '4.5rem' },
  px: { base: '4', md: '6' },
  display: 'flex',
  alignItems: 'center',
  gap: '6',
});

const desktopNav = css({ display: { base: 'none', md: 'flex' }, alignItems: 'center', gap: '1', flex: '1' });
const desktopList = css({ display: 'flex', alignItems: 'center', gap: '1', listStyle: 'none', m: '0', p: '0' });

const desktopLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '10',
  px: '3',
  borderRadius: 'full',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  _hover: { color: 'fg.default', bg: 'gray.100' },
  '&[aria-current=page]': { color: 'accent.text', bg: 'accent.subtle' },
});

const actions = css({ display: 'flex', alignItems: 'center', gap: '2', ms: 'auto' });

const menuButton = css({ display: { base: 'inline-flex', md: 'none' }, ms: 'auto' });

const panel = css({
  display: { base: 'block', md: 'none' },
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  bg: 'bg.surface',
  boxShadow: '0 12px 24px rgba(16, 24, 40, 0.08)',
  animation: 'fadeIn 150ms ease-out',
});

const panelInner = css({ px: '4', pt: '2', pb: '5', display: 'grid', gap: '4' });
const panelList = css({ display: 'grid', listStyle: 'none', m: '0', p: '0' });
const panelLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '12',
  px: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  fontSize: 'lg',
  fontWeight: 'semibold',
  color: 'fg.default',
  textDecoration: 'none',
  '&[aria-current=page]': { color: 'accent.text' },
});
const panelButtons = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' });

/**
 * The public header (spec 2): how it works, join, support (external), language, sign in, sign up.
 * From 768 px everything sits in the bar; below it the same links are behind a Menu button that
 * discloses them (the disclosure navigation pattern, which suits site links better than an ARIA menu).
 * A plain button with aria-expanded: the header is on the landing's first paint, and Ark's collapsible
 * (its zag runtime, ~11 KB gzip) bought nothing a disclosure needs.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const panelId = useId();
  // Whether the phone menu is open: view state of this header only, no flow.
  const [open, setOpen] = useState(false);
  // A link in the panel was followed: the new page starts with the menu closed.
  useEffect(() => setOpen(false), [location]);
  return (
    <header className={header} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <div className={bar}>
        <Logo />
        <nav className={desktopNav} aria-label={t('header.navLabel')}>
          <PublicNavLinks listClassName={desktopList} linkClassName={desktopLink} />
          <div className={actions}>
            <LanguageSelect />
            <Link href={LOGIN_PATH} className={button({ variant: 'outline', size: 'sm' })}>
              {t('header.signIn')}
            </Link>
            <Link href={SIGN_UP_PATH} className={button({ size: 'sm' })}>
              {t('header.signUp')}
            </Link>
          </div>
        </nav>
        <button
          type="button"
          className={`${button({ variant: 'outline', size: 'sm' })} ${menuButton}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <CloseIcon size={18} /> : <MenuIcon size={18} />}
          {t('header.menu')}
        </button>
      </div>
      {open && (
        <div id={panelId} className={panel}>
          <nav className={panelInner} aria-label={t('header.navLabel')}>
            <PublicNavLinks listClassName={panelList} linkClassName={panelLink} />
            <LanguageSelect fullWidth />
            <div className={panelButtons}>
              <Link href={LOGIN_PATH} className={button({ variant: 'outline', fullWidth: true })}>
                {t('header.signIn')}
              </Link>
              <Link href={SIGN_UP_PATH} className={button({ fullWidth: true })}>
                {t('header.signUp')}
              </Link>
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}
