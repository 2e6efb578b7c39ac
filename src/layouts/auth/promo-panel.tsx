import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Logo } from '../../ui/logo';

const panel = css({
  position: 'relative',
  overflow: 'hidden',
  color: 'white',
  bgGradient: 'to-br',
  gradientFrom: 'brand.600',
  gradientTo: 'brand.900',
  px: { base: '5', md: '10', lg: '14' },
  py: { base: '5', md: '10' },
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '4', md: '10' },
  // A soft light in the corner, drawn with CSS so no extra image is downloaded.
  _before: {
    content: '""',
    position: 'absolute',
    w: '28rem',
    h: '28rem',
    top: '-12rem',
    right: '-10rem',
    borderRadius: 'full',
    bg: 'radial-gradient(circle, rgba(142, 178, 255, 0.45), transparent 70%)',
    pointerEvents: 'none',
  },
});

const copy = css({ position: 'relative', display: { base: 'none', md: 'block' }, maxW: 'md', mt: { md: 'auto' } });
const title = css({
  fontSize: { md: '3xl', lg: '4xl' },
  fontWeight: 'bold',
  lineHeight: '1.15',
  letterSpacing: '-0.02em',
});
const subtitle = css({ mt: '4', fontSize: 'lg', color: 'brand.100' });

const images = css({
  position: 'relative',
  display: { base: 'none', md: 'flex' },
  alignItems: 'flex-end',
  gap: '4',
  mb: { md: 'auto' },
});
const phone = css({ w: { md: '44', lg: '52' }, h: 'auto', filter: 'drop-shadow(0 20px 30px rgba(11, 36, 102, 0.45))' });
const card = css({
  w: { md: '48', lg: '60' },
  h: 'auto',
  mb: '6',
  filter: 'drop-shadow(0 16px 24px rgba(11, 36, 102, 0.35))',
});

/**
 * The blue promo panel of the two-column auth layout (spec 2): title, subtitle and two images. On phones
 * it shrinks to a brand bar so the form comes first.
 */
export function PromoPanel() {
  const { t } = useTranslation();
  return (
    <aside className={panel} aria-labelledby="promo-title">
      <Logo inverse />
      <div className={copy}>
        <h2 id="promo-title" className={title}>
          {t('auth.promoTitle')}
        </h2>
        <p className={subtitle}>{t('auth.promoSubtitle')}</p>
      </div>
      <div className={images}>
        <img className={phone} src="/images/promo-phone.svg" alt={t('auth.promoImagePhone')} width={220} height={260} />
        <img className={card} src="/images/promo-card.svg" alt={t('auth.promoImageCard')} width={240} height={180} />
      </div>
    </aside>
  );
}
