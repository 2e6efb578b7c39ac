import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { renderedHead } from '../prerender/rendered-head';

/** Sets the tab title ("Activity · Tipjar") in the active language; `raw` skips the template (landing). */
export function useDocumentTitle(title: string, { raw = false }: { raw?: boolean } = {}): void {
  const { t } = useTranslation();
  const full = raw ? title : t('app.titleTemplate', { title });
  if (import.meta.env.SSR) renderedHead.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
