import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { HOW_IT_WORKS_PATH, WELCOME_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { button } from '../../ui/button-styles';
import { ArrowRightIcon, BankIcon, LinkIcon, RequestIcon, SendIcon } from '../../ui/icons';
import { FeatureBlock } from './feature-block';
import { LanguageOffer } from './language-offer';
import { VideoPopup } from './video-popup';

const hero = css({
  position: 'relative',
  overflow: 'hidden',
  color: 'white',
  bgGradient: 'to-br',
  gradientFrom: 'brand.600',
  gradientTo: 'brand.900',
});

const heroInner = css({
  position: 'relative',
  maxW: '6xl',
  mx: 'auto',
  px: { base: '5', md: '6' },
  pt: { base: '12', md: '20' },
  pb: { base: '16', md: '24' },
  display: 'grid',
  gap: { base: '10', md: '12' },
  gridTemplateColumns: { base: '1fr', md: '1.25fr 1fr' },
  alignItems: 'center',
});

const glow = css({
  position: 'absolute',
  w: '40rem',
  h: '40rem',
  top: '-20rem',
  right: '-12rem',
  borderRadius: 'full',
  bg: 'radial-gradient(circle, rgba(142, 178, 255, 0.5), transparent 65%)',
  pointerEvents: 'none',
});

const eyebrow = css({
  display: 'inline-flex',
  px: '3',
  py: '1',
  borderRadius: { base: 'lg', md: 'full' },
  bg: 'rgba(255, 255, 255, 0.14)',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'white',
});

const heading = css({
  mt: '4',
  fontSize: { base: '4xl', md: '5xl', lg: '6xl' },
  fontWeight: 'extrabold',
  lineHeight: '1.05',
  letterSpacing: '-0.03em',
});

const pitch = css({ mt: '5', fontSize: { base: 'lg', md: 'xl' }, color: 'brand.100', maxW: 'xl' });
const ctas = css({ mt: '8', display: 'flex', flexWrap: 'wrap', gap: '3' });
const tour = css({ mt: '4' });

const art = css({ display: 'flex', justifyContent: 'center', alignItems: 'flex-end', gap: '2' });
const phone = css({
  w: { base: '52', md: '64' },
  h: 'auto',
  filter: 'drop-shadow(0 30px 40px rgba(11, 36, 102, 0.5))',
});
const artCard = css({
  display: { base: 'none', sm: 'block' },
  w: { sm: '44', md: '52' },
  h: 'auto',
  mb: '10',
  ml: '-10',
  filter: 'drop-shadow(0 20px 30px rgba(11, 36, 102, 0.4))',
});

const blocksSection = css({ maxW: '6xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '14', md: '20' } });
const blocksTitle = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  letterSpacing: '-0.02em',
  textAlign: 'center',
  mb: { base: '8', md: '12' },
});
const grid = css({
  display: 'grid',
  gap: { base: '4', md: '6' },
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
});

const BLOCKS = [
  { key: 'send', icon: SendIcon },
  { key: 'request', icon: RequestIcon },
  { key: 'page', icon: LinkIcon },
  { key: 'withdraw', icon: BankIcon },
] as const;

/**
 * The logged-out landing page (spec 1, 2): the extra Spanish / Portuguese selector, a pitch, the video tour and
 * four content blocks, each leading to /welcome; title and description in the reader's language.
 */
export function LandingPage() {
  const { t } = useTranslation('marketing');
  useDocumentTitle(t('landing.title'), { raw: true });
  useMetaDescription(t('landing.description'));
  return (
    <>
      <section className={hero} aria-labelledby="landing-heading">
        <div className={glow} aria-hidden="true" />
        <div className={heroInner}>
          <div>
            <LanguageOffer />
            <p className={eyebrow}>{t('landing.eyebrow')}</p>
            <h1 id="landing-heading" className={heading}>
              {t('landing.heading')}
            </h1>
            <p className={pitch}>{t('landing.pitch')}</p>
            <div className={ctas}>
              <Link href={WELCOME_PATH} className={button({ variant: 'inverse', size: 'lg' })}>
                {t('landing.cta')}
                <ArrowRightIcon size={18} />
              </Link>
              <Link href={HOW_IT_WORKS_PATH} className={button({ variant: 'outlineInverse', size: 'lg' })}>
                {t('landing.secondaryCta')}
              </Link>
            </div>
            <div className={tour}>
              <VideoPopup />
            </div>
          </div>
          <div className={art} aria-hidden="true">
            <img className={phone} src="/images/promo-phone.svg" alt="" width={220} height={260} />
            <img className={artCard} src="/images/promo-card.svg" alt="" width={240} height={180} />
          </div>
        </div>
      </section>
      <section className={blocksSection} aria-labelledby="blocks-title">
        <h2 id="blocks-title" className={blocksTitle}>
          {t('landing.blocksLabel')}
        </h2>
        <div className={grid}>
          {BLOCKS.map(({ key, icon }) => (
            <FeatureBlock
              key={key}
              icon={icon}
              title={t(`landing.blocks.${key}.title`)}
              body={t(`landing.blocks.${key}.body`)}
              action={t(`landing.blocks.${key}.action`)}
            />
          ))}
        </div>
      </section>
    </>
  );
}
