import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from '../../styled-system/css';
import { useDocumentTitle } from '../lib/use-document-title';
import { button } from './button-styles';
import { ArrowRightIcon } from './icons';
import { pageLead, pageTitle } from './page-styles';

const wrapper = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  py: { base: '16', md: '24' },
  px: '4',
});

const code = css({
  fontSize: { base: '6xl', md: '7xl' },
  fontWeight: 'extrabold',
  lineHeight: '1',
  letterSpacing: '-0.04em',
  bgGradient: 'to-br',
  gradientFrom: 'brand.500',
  gradientTo: 'brand.800',
  bgClip: 'text',
  color: 'transparent',
  mb: '4',
});

const homeLink = css({ mt: '8' });

/** Any path outside the current route set (spec 2). Rendered inside whichever shell is active. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.notFound'));
  return (
    <section className={wrapper} aria-labelledby="not-found-title">
      <p className={code} aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className={pageTitle}>
        {t('notFound.title')}
      </h1>
      <p className={pageLead}>{t('notFound.body')}</p>
      <Link href="/" className={cx(button({ size: 'lg' }), homeLink)}>
        {t('notFound.home')}
        <ArrowRightIcon size={18} />
      </Link>
    </section>
  );
}
