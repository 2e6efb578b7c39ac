import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SUPPORT_EMAIL, SUPPORT_URL } from '../../../domain/product';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { COMMUNITY_GUIDELINES_PATH, FAQ_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { ExternalLink } from '../../ui/external-link';
import { HelpIcon, LinkIcon, SendIcon, WarningIcon, type IconProps } from '../../ui/icons';
import { card, mutedText, pageLead, pageTitle, sectionTitle, textLink } from '../../ui/page-styles';
import { LEGAL_DOCUMENTS, LEGAL_PATHS } from '../../lib/legal-documents';

const wrapper = css({ maxW: '4xl', mx: 'auto', px: { base: '5', md: '6' }, py: { base: '8', md: '14' }, w: 'full' });
const grid = css({
  mt: '8',
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
  listStyle: 'none',
  p: '0',
});
const way = css({ display: 'flex', flexDirection: 'column', gap: '3', h: 'full' });
const wayIcon = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'lg',
  bg: 'accent.subtle',
  color: 'accent.text',
});
const wayBody = css({ flex: '1' });
const wayAction = css({ alignSelf: 'flex-start', whiteSpace: 'normal', textAlign: 'start', h: 'auto', minH: '11', py: '2' });
const safety = css({
  mt: '8',
  display: 'flex',
  gap: '3',
  p: { base: '4', md: '5' },
  borderRadius: 'card',
  bg: 'amber.50',
  borderWidth: '1px',
  borderColor: 'amber.200',
  '& svg': { flexShrink: 0, color: 'amber.700', mt: '0.5' },
});
const legal = css({ mt: '10' });
const legalList = css({
  mt: '4',
  display: 'grid',
  gap: '2',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' },
  listStyle: 'none',
  p: '0',
});

function Way({ icon: Icon, title, body, action }: { icon: ComponentType<IconProps>; title: string; body: string; action: ReactNode }) {
  return (
    <li className={cx(card, way)}>
      <span className={wayIcon} aria-hidden="true">
        <Icon size={20} />
      </span>
      <h3 className={sectionTitle}>{title}</h3>
      <p className={cx(mutedText, wayBody)}>{body}</p>
      {action}
    </li>
  );
}

/**
 * Help and Support (spec 2 "Other screens"): the FAQ, the external help center, email, how to report, and every
 * legal document. Reachable signed in and signed out, so it is also the one place that lists all six policies.
 */
export function HelpPage() {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  useDocumentTitle(t('help.title'));
  const actionClass = cx(button({ variant: 'outline' }), wayAction);
  return (
    <div className={wrapper}>
      <h1 className={pageTitle}>{t('help.title')}</h1>
      <p className={pageLead}>{t('help.intro')}</p>
      <section aria-labelledby="help-ways">
        <h2 id="help-ways" className={visuallyHidden()}>
          {t('help.waysLabel')}
        </h2>
        <ul className={grid}>
          <Way
            icon={HelpIcon}
            title={t('help.faq.title')}
            body={t('help.faq.body')}
            action={
              <Link href={FAQ_PATH} className={actionClass}>
                {t('help.faq.action')}
              </Link>
            }
          />
          <Way
            icon={LinkIcon}
            title={t('help.center.title')}
            body={t('help.center.body')}
            action={
              <ExternalLink href={SUPPORT_URL} className={actionClass}>
                {t('help.center.action')}
              </ExternalLink>
            }
          />
          <Way
            icon={SendIcon}
            title={t('help.email.title')}
            body={t('help.email.body')}
            action={
              <a href={`mailto:${SUPPORT_EMAIL}`} className={actionClass}>
                {t('help.email.action', { email: SUPPORT_EMAIL })}
              </a>
            }
          />
          <Way
            icon={WarningIcon}
            title={t('help.report.title')}
            body={t('help.report.body')}
            action={
              <Link href={COMMUNITY_GUIDELINES_PATH} className={actionClass}>
                {t('help.report.action')}
              </Link>
            }
          />
        </ul>
      </section>
      <aside className={safety} aria-labelledby="help-safety">
        <WarningIcon size={22} aria-hidden="true" />
        <div>
          <h2 id="help-safety" className={sectionTitle}>
            {t('help.safetyTitle')}
          </h2>
          <p>{t('help.safetyBody')}</p>
        </div>
      </aside>
      <section className={legal} aria-labelledby="help-legal">
        <h2 id="help-legal" className={sectionTitle}>
          {t('help.legalTitle')}
        </h2>
        <p className={mutedText}>{t('help.legalIntro')}</p>
        <ul className={legalList}>
          {LEGAL_PATHS.map((path) => (
            <li key={path}>
              <Link href={path} className={textLink}>
                {tc(`routes.${LEGAL_DOCUMENTS[path]}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
