import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../styled-system/patterns';

/**
 * A link to another site, opened in a new tab (spec 2: Support). `noopener` stops the other site from
 * scripting this tab; the hidden note tells screen-reader users a tab will open.
 */
export function ExternalLink({
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className={visuallyHidden()}> {t('app.opensInNewTab')}</span>
    </a>
  );
}
