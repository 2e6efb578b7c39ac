import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { normalizePath } from '../../../domain/app-routes';
import { SUPPORT_URL } from '../../../domain/product';
import { css, cx } from '../../../styled-system/css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFormat } from '../../lib/use-format';
import { ExternalLink } from '../../ui/external-link';
import { mutedText, pageLead, pageTitle, textLink } from '../../ui/page-styles';
import { TextBlocks } from '../../ui/text-blocks';
import { LEGAL_LAST_UPDATED, legalDocumentFor } from '../../lib/legal-documents';

const wrapper = css({ maxW: '3xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '8', md: '14' }, w: 'full' });
const updated = css({ mt: '2', fontSize: 'sm' });
const intro = css({ mt: '6' });

const notice = css({
  mt: '6',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'amber.200',
  bg: 'amber.50',
  fontSize: 'sm',
  color: 'fg.default',
  '& strong': { display: 'block', mb: '1', fontWeight: 'semibold' },
});

const contents = css({
  mt: '8',
  p: { base: '4', md: '5' },
  borderRadius: 'card',
  bg: 'gray.50',
  borderWidth: '1px',
  borderColor: 'border.subtle',
});
const contentsTitle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', mb: '2' });
const contentsList = css({
  display: 'grid',
  gap: '1',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' },
  listStyleType: 'decimal',
  ps: '5',
  m: '0',
  fontSize: 'sm',
  '& a': { color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '3px' },
});

const section = css({
  mt: '8',
  lineHeight: '1.7',
  color: 'fg.default',
  '& p, & ul': { mt: '3' },
  '& ul': { listStyleType: 'disc', ps: '6', display: 'grid', gap: '2' },
});
// The sticky public header would cover a heading reached from the contents list.
const sectionTitle = css({ fontSize: 'xl', fontWeight: 'bold', color: 'fg.default', scrollMarginTop: '24' });
const contact = css({ mt: '10', pt: '6', borderTopWidth: '1px', borderColor: 'border.subtle' });

/**
 * The six legal pages (spec 2), one component reading the document from the path. The texts are templates
 * awaiting legal review, and the page says so; they are complete, and in the reader's language.
 */
export function LegalPage() {
  const { t } = useTranslation('legal');
  const { t: tc } = useTranslation();
  const [location] = useLocation();
  const format = useFormat();
  const document = legalDocumentFor(normalizePath(location)) ?? 'termsOfService';
  const title = tc(`routes.${document}`);
  useDocumentTitle(title);
  const sections = Object.entries(t(`${document}.sections`, { returnObjects: true }));
  return (
    <article className={wrapper}>
      <h1 className={pageTitle}>{title}</h1>
      <p className={cx(mutedText, updated)}>{t('updated', { date: format.date(LEGAL_LAST_UPDATED) })}</p>
      <div className={notice} role="note">
        <strong>{t('template.label')}</strong>
        {t('template.body')}
      </div>
      <p className={cx(pageLead, intro)}>{t(`${document}.intro`)}</p>
      <nav className={contents} aria-labelledby="legal-contents">
        <h2 id="legal-contents" className={contentsTitle}>
          {t('contents')}
        </h2>
        <ol className={contentsList}>
          {sections.map(([key, { title: heading }]) => (
            <li key={key}>
              <a href={`#${key}`}>{heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([key, { title: heading, body }]) => (
        <section key={key} className={section} aria-labelledby={key}>
          <h2 id={key} className={sectionTitle}>
            {heading}
          </h2>
          <TextBlocks text={body} linkClassName={textLink} />
        </section>
      ))}
      <p className={contact}>
        <ExternalLink href={SUPPORT_URL} className={textLink}>
          {t('contact')}
        </ExternalLink>
      </p>
    </article>
  );
}
