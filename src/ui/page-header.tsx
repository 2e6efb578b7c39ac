import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageLead, pageTitle } from './page-styles';

const header = css({ mb: { base: '5', md: '8' } });

/** A page's h1 and lead text; the h1 text also titles the browser tab. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className={header}>
      <h1 className={pageTitle}>{title}</h1>
      {lead ? <p className={pageLead}>{lead}</p> : null}
      {children}
    </header>
  );
}
