import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EXPIRED_SESSION_PATH, LOGIN_PATH, SET_UP_PATH } from '../../../domain/product';
import type { SessionUser } from '../../../domain/session-user';
import { sessionMachine } from '../../../machines/session.machine';
import { normalizePath } from '../../../domain/app-routes';
import { PUBLIC_ROUTE_SETS, resolveRoute } from '../../../src/app/router/route-sets';
import { SIGNED_IN_ROUTE_SET } from '../../../src/app/router/signed-in-routes';

const ROUTE_SETS = { ...PUBLIC_ROUTE_SETS, signedIn: SIGNED_IN_ROUTE_SET };
import { sessionArea } from '../../../machines/session.view';
import { completeUser } from '../../model/support/accounts-fixtures';

const complete = completeUser;

function routeSetFor(user: SessionUser | null) {
  const actor = createActor(sessionMachine, { input: { user } }).start();
  return { actor, name: () => sessionArea(actor.getSnapshot()) };
}

function describeRoute(set: keyof typeof ROUTE_SETS, path: string) {
  const result = resolveRoute(ROUTE_SETS[set], path);
  if (result.kind === 'page') return `page:${result.route.path}:${result.route.layout}`;
  if (result.kind === 'redirect') return `redirect:${result.to}`;
  return `404:${result.layout}`;
}

describe('route set by session state (spec 2)', () => {
  it('a visitor gets the logged-out set', () => {
    expect(routeSetFor(null).name()).toBe('loggedOut');
  });

  it('a user missing username, country or full name gets only set-up', () => {
    expect(routeSetFor({ ...complete, country: null }).name()).toBe('setUp');
    expect(routeSetFor({ ...complete, username: null }).name()).toBe('setUp');
    expect(routeSetFor({ ...complete, fullName: '' }).name()).toBe('setUp');
  });

  it('a complete user gets the signed-in set, kept while logging out', () => {
    const { actor, name } = routeSetFor(complete);
    expect(name()).toBe('signedIn');
    actor.send({ type: 'LOGOUT' });
    // The injected logout resolves on a later tick: until then the shell stays.
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(name()).toBe('signedIn');
  });

  it('an expired session shows the logged-out set', () => {
    const { actor, name } = routeSetFor(complete);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(name()).toBe('loggedOut');
  });
});

describe('resolveRoute', () => {
  it('logged out: public pages skip the auth layout, account pages use it', () => {
    expect(describeRoute('loggedOut', '/')).toBe('page:/:public');
    expect(describeRoute('loggedOut', '/how-it-works')).toBe('page:/how-it-works:public');
    expect(describeRoute('loggedOut', '/privacy-policy')).toBe('page:/privacy-policy:public');
    expect(describeRoute('loggedOut', '/faq')).toBe('page:/faq:public');
    expect(describeRoute('loggedOut', '/help')).toBe('page:/help:public');
    expect(describeRoute('loggedOut', '/welcome')).toBe('page:/welcome:auth');
    expect(describeRoute('loggedOut', LOGIN_PATH)).toBe(`page:${LOGIN_PATH}:auth`);
    expect(describeRoute('loggedOut', '/sign-up')).toBe('page:/sign-up:auth');
    expect(describeRoute('loggedOut', EXPIRED_SESSION_PATH)).toBe(`page:${EXPIRED_SESSION_PATH}:auth`);
  });

  it('logged out: signed-in paths and unknown paths are 404', () => {
    expect(describeRoute('loggedOut', '/transactions')).toBe('404:public');
    expect(describeRoute('loggedOut', SET_UP_PATH)).toBe('404:public');
    expect(describeRoute('loggedOut', '/no/such/page')).toBe('404:public');
  });

  it('set-up: every path leads to /set-up', () => {
    expect(describeRoute('setUp', SET_UP_PATH)).toBe(`page:${SET_UP_PATH}:minimal`);
    expect(describeRoute('setUp', '/')).toBe(`redirect:${SET_UP_PATH}`);
    expect(describeRoute('setUp', '/transactions')).toBe(`redirect:${SET_UP_PATH}`);
  });

  it('signed in: the shell pages, legal pages in the shell, account pages lead home', () => {
    for (const path of ['/', '/transactions', '/withdraw-funds', '/settings', '/profile', '/payment']) {
      expect(describeRoute('signedIn', path)).toBe(`page:${path}:app`);
    }
    expect(describeRoute('signedIn', '/terms-of-service')).toBe('page:/terms-of-service:app');
    expect(describeRoute('signedIn', LOGIN_PATH)).toBe('redirect:/');
    expect(describeRoute('signedIn', '/welcome')).toBe('redirect:/');
    expect(describeRoute('signedIn', SET_UP_PATH)).toBe('redirect:/');
    // Issue 8: the information pages are reachable signed in too, inside the shell.
    for (const path of ['/how-it-works', '/faq', '/help', '/dmca', '/community-guidelines']) {
      expect(describeRoute('signedIn', path)).toBe(`page:${path}:app`);
    }
  });

  it('the account pages of issue 3: verification in every state, the rest where they make sense', () => {
    for (const path of ['/check-email', '/verify-email', '/expired-link']) {
      expect(describeRoute('loggedOut', path)).toBe(`page:${path}:auth`);
      // Sign-up signs in before the code is typed, and an emailed link must work wherever it is opened.
      expect(describeRoute('setUp', path)).toBe(`page:${path}:minimal`);
      expect(describeRoute('signedIn', path)).toBe(`page:${path}:app`);
    }
    for (const path of ['/forgot-password', '/reset-password']) {
      expect(describeRoute('loggedOut', path)).toBe(`page:${path}:auth`);
      expect(describeRoute('setUp', path)).toBe(`redirect:${SET_UP_PATH}`);
      expect(describeRoute('signedIn', path)).toBe('redirect:/');
    }
    // A page without the two-column layout (spec 2).
    expect(describeRoute('loggedOut', '/verify-success-mobile')).toBe('page:/verify-success-mobile:minimal');
    expect(describeRoute('signedIn', '/verify-success-mobile')).toBe('redirect:/');
    expect(describeRoute('signedIn', '/change-password')).toBe('page:/change-password:app');
    expect(describeRoute('loggedOut', '/change-password')).toBe('404:public');
    expect(describeRoute('setUp', '/change-password')).toBe(`redirect:${SET_UP_PATH}`);
  });

  it('treats a trailing slash as the same page', () => {
    expect(normalizePath('/welcome/')).toBe('/welcome');
    expect(normalizePath('/')).toBe('/');
    expect(describeRoute('loggedOut', '/welcome/')).toBe('page:/welcome:auth');
  });
});
