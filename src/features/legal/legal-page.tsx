import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SUPPORT_URL } from '../../../domain/product';
import { css } from '../../../styled-system/css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormat } from '../../lib/use-format';
import { ExternalLink } from '../../ui/external-link';
import { card, mutedText, pageLead, pageTitle, textLink } from '../../ui/page-styles';
import { legalDocumentFor } from './legal-documents';

const wrapper = css({ maxW: '3xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '10', md: '16' }, w: 'full' });
const body = css({ mt: '6', display: 'grid', gap: '4', lineHeight: '1.7' });
const updated = css({ mt: '3', fontSize: 'sm' });

/** The date the texts below were last revised; shown through Intl in the reader's language. */
const LAST_UPDATED = '2026-11-01T12:00:00Z'; // midday UTC: the same calendar day in every time zone

/** The legal pages (spec 2): short plain-language summaries until counsel's full texts are published. */
export function LegalPage() {
  const { t } = useTranslation('legal');
  const { t: tc } = useTranslation();
  const [location] = useLocation();
  const format = useFormat();
  const document = legalDocumentFor(location) ?? 'termsOfService';
  const title = tc(`routes.${document}`);
  useDocumentTitle(title);
  return (
    <article className={wrapper}>
      <h1 className={pageTitle}>{title}</h1>
      <p className={`${mutedText} ${updated}`}>{t('updated', { date: format.date(LAST_UPDATED) })}</p>
      <div className={`${card} ${body}`}>
        <p className={pageLead}>{t(`${document}.intro`)}</p>
        <p>{t(`${document}.body`)}</p>
        <p>
          <ExternalLink href={SUPPORT_URL} className={textLink}>
            {t('contact')}
          </ExternalLink>
        </p>
      </div>
    </article>
  );
}
