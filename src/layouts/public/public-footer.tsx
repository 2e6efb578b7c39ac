import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SUPPORT_URL } from '../../../domain/product';
import { css } from '../../../styled-system/css';
import { DMCA_PATH, FAQ_PATH, HELP_PATH, PRIVACY_PATH, TERMS_PATH } from '../../config/paths';
import { SOCIAL_LINKS } from '../../config/social-links';
import { ExternalLink } from '../../ui/external-link';
import { LogoMark } from '../../ui/logo';

const footer = css({ bg: 'brand.900', color: 'brand.100', mt: 'auto' });

const inner = css({
  maxW: '6xl',
  mx: 'auto',
  px: { base: '5', md: '6' },
  py: { base: '10', md: '12' },
  display: 'grid',
  gap: '8',
  gridTemplateColumns: { base: '1fr', md: '1.4fr 1fr auto' },
  alignItems: 'start',
});

const brand = css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: 'sm' });
const brandName = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  color: 'white',
  fontWeight: 'bold',
  fontSize: 'lg',
});
const tagline = css({ fontSize: 'sm', color: 'brand.100' });

const linkList = css({ display: 'grid', gap: '2', listStyle: 'none', m: '0', p: '0' });
const link = css({
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline', textUnderlineOffset: '3px' },
});

const socialList = css({ display: 'flex', gap: '2', listStyle: 'none', m: '0', p: '0' });
const socialLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '11',
  h: '11',
  borderRadius: 'full',
  bg: 'rgba(255, 255, 255, 0.1)',
  color: 'white',
  _hover: { bg: 'rgba(255, 255, 255, 0.2)' },
});

const bottom = css({
  borderTopWidth: '1px',
  borderColor: 'rgba(255, 255, 255, 0.12)',
  py: '5',
  px: { base: '5', md: '6' },
  textAlign: 'center',
  fontSize: 'xs',
  color: 'brand.100',
});

/** The public footer (spec 2): support, privacy, terms, DMCA and three social links; plus help and FAQ (issue 8). */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className={footer}>
      <div className={inner}>
        <div className={brand}>
          <span className={brandName}>
            <LogoMark size={28} />
            {t('app.name')}
          </span>
          <p className={tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul className={linkList}>
            <li>
              <ExternalLink href={SUPPORT_URL} className={link}>
                {t('footer.support')}
              </ExternalLink>
            </li>
            <li>
              <Link href={HELP_PATH} className={link}>
                {t('footer.help')}
              </Link>
            </li>
            <li>
              <Link href={FAQ_PATH} className={link}>
                {t('footer.faq')}
              </Link>
            </li>
            <li>
              <Link href={PRIVACY_PATH} className={link}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link href={TERMS_PATH} className={link}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link href={DMCA_PATH} className={link}>
                {t('footer.dmca')}
              </Link>
            </li>
          </ul>
        </nav>
        <ul className={socialList} aria-label={t('footer.socialLabel')}>
          {SOCIAL_LINKS.map(({ href, nameKey, icon: Icon }) => (
            <li key={nameKey}>
              <a
                href={href}
                className={socialLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`footer.${nameKey}`)}
              >
                <Icon size={20} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className={bottom}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
