import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { ChevronRightIcon } from '../../ui/icons';
import { buildBreadcrumbs } from './build-breadcrumbs';
import { ROUTE_TITLES } from './route-titles';

const list = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '1',
  listStyle: 'none',
  m: '0',
  p: '0',
  fontSize: 'sm',
});
const item = css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg.muted' });
const link = css({
  color: 'fg.muted',
  textDecoration: 'none',
  fontWeight: 'medium',
  _hover: { color: 'accent.text', textDecoration: 'underline' },
});
const current = css({ color: 'fg.default', fontWeight: 'semibold' });

/** The trail above signed-in pages; nothing on the home page, where it would only say "Home". */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const crumbs = buildBreadcrumbs(location, ROUTE_TITLES);
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <ol className={list}>
        {crumbs.map((crumb, index) => (
          <li key={crumb.href} className={item}>
            {index > 0 ? <ChevronRightIcon size={14} /> : null}
            {crumb.current ? (
              <span className={current} aria-current="page">
                {t(crumb.titleKey)}
              </span>
            ) : (
              <Link href={crumb.href} className={link}>
                {t(crumb.titleKey)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
