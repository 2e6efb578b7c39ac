import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from '../../../src/layouts/app-shell/build-breadcrumbs';
import { ROUTE_TITLES } from '../../../src/layouts/app-shell/route-titles';
import en from '../../../locales/en/common.json';

describe('breadcrumbs from path prefixes (spec 2)', () => {
  it('builds Home › Settings › Payment methods › Add new card', () => {
    expect(buildBreadcrumbs('/settings/payment-methods/add-new-card', ROUTE_TITLES)).toEqual([
      { href: '/', titleKey: 'routes.home', current: false },
      { href: '/settings', titleKey: 'routes.settings', current: false },
      { href: '/settings/payment-methods', titleKey: 'routes.paymentMethods', current: false },
      { href: '/settings/payment-methods/add-new-card', titleKey: 'routes.addNewCard', current: true },
    ]);
  });

  it('has no trail on the home page', () => {
    expect(buildBreadcrumbs('/', ROUTE_TITLES)).toEqual([]);
  });

  it('skips prefixes without a title and marks no crumb current for an unknown page', () => {
    const crumbs = buildBreadcrumbs('/transactions/unknown', ROUTE_TITLES);
    expect(crumbs.map((crumb) => crumb.href)).toEqual(['/', '/transactions']);
    expect(crumbs.some((crumb) => crumb.current)).toBe(false);
  });

  it('has an English title for every path it knows', () => {
    const routes = en.routes as Record<string, string>;
    for (const key of Object.values(ROUTE_TITLES)) {
      expect(routes[key.replace('routes.', '')], key).toBeTruthy();
    }
  });
});
