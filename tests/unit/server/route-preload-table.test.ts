import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE_SETS, type RouteSet } from '../../../src/app/router/route-sets';
import { SIGNED_IN_ROUTE_SET } from '../../../src/app/router/signed-in-routes';
import { pages } from '../../../src/app/router/pages';
import { signedInPages } from '../../../src/app/router/signed-in-pages';
import { PRELOADED_NAMESPACES } from '../../../src/i18n/i18n';
import { preloadedNamespaces, routeTable, type TableRouteSet } from '../../../server/web/route-bundles';
import { acceptedLanguages } from '../../../server/web/page-language';

/**
 * The server's preload links (server/web/route-preloads.ts) read the router's tables as text, since the server
 * cannot run the web app's modules. This holds that reading to the tables themselves, evaluated: every route of
 * every set, with its path, page, frame, namespaces and redirects. A table written in a shape the reader does not
 * know fails here (or throws there), instead of quietly losing its links.
 */
const root = new URL('../../..', import.meta.url).pathname;
const pageName = new Map<unknown, string>([...Object.entries(pages), ...Object.entries(signedInPages)].map(([name, page]) => [page, name]));

const evaluated = (set: RouteSet) => ({
  routes: set.routes.map((route) => ({
    path: route.path,
    page: pageName.get(route.page),
    layout: route.layout,
    ns: [...(route.ns ?? [])],
    beforeRuntime: route.beforeRuntime === true,
  })),
  redirects: { ...set.redirects },
  redirectOthersTo: set.redirectOthersTo,
  notFoundLayout: set.notFoundLayout,
  publicProfileLayout: set.publicProfileLayout,
});

const read = (set: TableRouteSet) => ({ ...set, routes: set.routes.map(({ flowExplorer: _, ...route }) => route) });

describe('the route table the server reads for its preload links', () => {
  const table = routeTable(root);

  it('is the router’s own, set by set (the flow explorer is on under vitest)', () => {
    expect(read(table.loggedOut)).toEqual(evaluated(PUBLIC_ROUTE_SETS.loggedOut));
    expect(read(table.setUp)).toEqual(evaluated(PUBLIC_ROUTE_SETS.setUp));
    expect(read(table.signedIn)).toEqual(evaluated(SIGNED_IN_ROUTE_SET));
    expect(table.loggedOut.routes.filter((route) => route.flowExplorer).map((route) => route.page)).toEqual(['flows']);
  });

  it('has the namespaces every page loads', () => {
    expect(preloadedNamespaces(root)).toEqual([...PRELOADED_NAMESPACES]);
  });
});

describe('Accept-Language, in order of preference', () => {
  it('sorts by q, keeps the header’s order on ties, and drops q=0 and *', () => {
    expect(acceptedLanguages('en;q=0.5, pt-BR, es-419;q=0.9, fr;q=0, *')).toEqual(['pt-BR', 'es-419', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('es;q=abc, en')).toEqual(['en']);
  });
});
