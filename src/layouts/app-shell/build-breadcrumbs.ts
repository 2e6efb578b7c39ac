export interface Crumb<K extends string = string> {
  href: string;
  titleKey: K;
  current: boolean;
}

/**
 * Breadcrumbs from path prefixes (spec 2): `/settings/payment-methods/add-new-card` gives Home › Settings ›
 * Payment methods › Add new card. Prefixes with no title are skipped; the home page itself has no trail.
 */
export function buildBreadcrumbs<K extends string>(path: string, titles: Readonly<Record<string, K>>): Crumb<K>[] {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return [];
  const prefixes = ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
  const known = prefixes.flatMap((href) => {
    const titleKey = titles[href];
    return titleKey === undefined ? [] : [{ href, titleKey }];
  });
  return known.map((crumb, index) => ({
    ...crumb,
    current: index === known.length - 1 && crumb.href === `/${segments.join('/')}`,
  }));
}
