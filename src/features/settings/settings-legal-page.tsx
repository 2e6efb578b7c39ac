import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { LEGAL_DOCUMENTS, LEGAL_PATHS } from '../../lib/legal-documents';

const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0' });

/** /settings/legal (spec 2): the legal documents, each opening its own page. */
export function SettingsLegalPage() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  return (
    <>
      <PageHeader title={tc('routes.legal')} lead={t('legal.lead')} />
      <nav className={card} aria-label={tc('routes.legal')}>
        <ul className={list}>
          {LEGAL_PATHS.map((path) => (
            <li key={path}>
              <Link href={path} className={textLink}>
                {tc(`routes.${LEGAL_DOCUMENTS[path]}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
