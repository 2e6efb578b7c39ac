import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { WELCOME_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { card, pageLead, pageTitle, sectionTitle } from '../../ui/page-styles';

const wrapper = css({ maxW: '4xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '10', md: '16' } });
const steps = css({ mt: '10', display: 'grid', gap: '4', listStyle: 'none', p: '0', counterReset: 'step' });
const step = css({ display: 'flex', gap: '4', alignItems: 'flex-start' });
const number = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'white',
  fontWeight: 'bold',
});
const stepBody = css({ mt: '1', color: 'fg.muted' });
const fees = css({
  mt: '8',
  p: { base: '5', md: '6' },
  borderRadius: 'card',
  bg: 'accent.subtle',
  borderWidth: '1px',
  borderColor: 'brand.100',
});
const cta = css({ mt: '10' });

const STEPS = ['create', 'share', 'withdraw'] as const;

/** /how-it-works (spec 2): the three steps and the fee policy (design.md §3), in plain words. */
export function HowItWorksPage() {
  const { t } = useTranslation('marketing');
  useDocumentTitle(t('howItWorks.title'));
  return (
    <div className={wrapper}>
      <h1 className={pageTitle}>{t('howItWorks.heading')}</h1>
      <p className={pageLead}>{t('howItWorks.intro')}</p>
      <ol className={steps}>
        {STEPS.map((key, index) => (
          <li key={key} className={`${card} ${step}`}>
            <span className={number} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className={sectionTitle}>{t(`howItWorks.steps.${key}.title`)}</h2>
              <p className={stepBody}>{t(`howItWorks.steps.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <section className={fees} aria-labelledby="fees-title">
        <h2 id="fees-title" className={sectionTitle}>
          {t('howItWorks.feesTitle')}
        </h2>
        <p className={stepBody}>{t('howItWorks.feesBody')}</p>
      </section>
      <div className={cta}>
        <Link href={WELCOME_PATH} className={button({ size: 'lg' })}>
          {t('howItWorks.cta')}
        </Link>
      </div>
    </div>
  );
}
