import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title ("Activity · Tipjar") in the active language; `raw` skips the template (landing). */
export function useDocumentTitle(title: string, { raw = false }: { raw?: boolean } = {}): void {
  const { t } = useTranslation();
  const full = raw ? title : t('app.titleTemplate', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
