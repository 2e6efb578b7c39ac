import { Accordion } from '@ark-ui/react/accordion';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { HELP_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { ChevronDownIcon } from '../../ui/icons';
import { card, mutedText, pageLead, pageTitle, sectionTitle } from '../../ui/page-styles';

const wrapper = css({ maxW: '3xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '8', md: '14' }, w: 'full' });
const list = css({ mt: '8', display: 'grid', gap: '3' });
const item = css({
  bg: 'bg.surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  boxShadow: 'card',
  overflow: 'hidden',
});
const trigger = css({
  w: 'full',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  minH: '14',
  px: { base: '4', md: '5' },
  py: '3',
  textAlign: 'start',
  fontSize: 'md',
  fontWeight: 'semibold',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
});
const indicator = css({
  flexShrink: 0,
  display: 'inline-flex',
  color: 'fg.muted',
  transition: 'transform 150ms',
  _open: { transform: 'rotate(180deg)' },
});
const answer = css({ px: { base: '4', md: '5' }, pb: '4', color: 'fg.muted', lineHeight: '1.7' });
const more = css({ mt: '10', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

/** FAQ (spec 2 "Other screens"): short answers grounded in the product's real rules and limits. */
export function FaqPage() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('faq.title'));
  const items = Object.entries(t('faq.items', { returnObjects: true }));
  return (
    <div className={wrapper}>
      <h1 className={pageTitle}>{t('faq.heading')}</h1>
      <p className={pageLead}>{t('faq.intro')}</p>
      {/* Several answers may be open at once: readers compare fees with holds, limits with withdrawals. */}
      <Accordion.Root multiple className={list}>
        {items.map(([key, { question, answer: text }]) => (
          <Accordion.Item key={key} value={key} className={item}>
            <h2>
              <Accordion.ItemTrigger className={trigger}>
                {question}
                <Accordion.ItemIndicator className={indicator}>
                  <ChevronDownIcon size={20} />
                </Accordion.ItemIndicator>
              </Accordion.ItemTrigger>
            </h2>
            <Accordion.ItemContent className={answer}>
              <p>{text}</p>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <section className={`${card} ${more}`} aria-labelledby="faq-more">
        <h2 id="faq-more" className={sectionTitle}>
          {t('faq.moreTitle')}
        </h2>
        <p className={mutedText}>{t('faq.moreBody')}</p>
        <Link href={HELP_PATH} className={button({ variant: 'outline' })}>
          {t('faq.moreLink')}
        </Link>
      </section>
    </div>
  );
}
