import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/audit.catalogue';
import { auditView } from '../../../../machines/audit.view';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { fmt, mainHeading, text } from '../../support/app';
import { SEEDED_AUDITOR } from '../../support/auditor';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, SERVICE_UNAVAILABLE, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * The auditor's page, /audit (machines/audit.machine.ts, its view-model machines/audit.view.ts), driven as the
 * auditor seeded before the server started (tests/e2e/support/auditor.ts), signed in per path. The id searched is a
 * fresh UUID: no payment has it, a real 404. A trail's read waits until the path says how it ends (its outcome's
 * arrangement lets it go), so a path that types while the search runs does so while it runs; the 503s are forced.
 */
interface AuditWorld {
  /** The well-formed id this path types. */
  id: string;
  /** The trail's reads wait for a permit; `fail`: the next one is answered 503. */
  gate: { permit: () => void; next: Promise<void>; fail: boolean };
}

const at = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'atlas', key), values);
const serviceUnavailable = UNAVAILABLE_FAILURE;
const TRAIL = /\/api\/app\/audit\/payment\/[^/?]+(\?.*)?$/;
/** The catalogue's samples: a well-formed id (with spaces around it) and one that is not. */
const WELL_FORMED = ' 6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10 ';
const NOT_AN_ID = 'not-a-payment-id';

const idField = (page: Page) => page.getByLabel(at('audit.paymentId'), { exact: true });
const button = (page: Page, key: string) => page.getByRole('main').getByRole('button', { name: at(key), exact: true });

/** A new gate, closed until `permit`. */
function closedGate(): AuditWorld['gate'] {
  let permit = () => {};
  const next = new Promise<void>((resolve) => (permit = resolve));
  return { permit, next, fail: false };
}

/** The read of the trail ends: let the held request go (answered 503 when `fail`). */
const letTheReadGo = (fail: boolean) => async ({ world }: PathRun<AuditWorld>) => {
  world.gate.fail = fail;
  world.gate.permit();
};

export const auditDriver: Driver<AuditWorld> = {
  name: 'audit',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    const signedIn = await context.request.post('/api/app/user/login/', { data: { email: SEEDED_AUDITOR.email, password: SEEDED_AUDITOR.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    return { id: randomUUID(), gate: closedGate() };
  },

  async open({ page, context, world }) {
    await context.route(TRAIL, async (route) => {
      await world.gate.next;
      const fail = world.gate.fail;
      world.gate = closedGate();
      return fail ? route.fulfill(SERVICE_UNAVAILABLE) : route.fallback();
    });
    await page.goto('/audit');
    await expect(mainHeading(page)).toHaveText(at('audit.title'));
  },

  events: {
    CHANGE: {
      samples: [{ value: WELL_FORMED }, { value: NOT_AN_ID }],
      async perform({ page, world }, { value }) {
        // Emptied first: the same id typed again (while its search runs) is still a change of the field.
        await idField(page).fill('');
        await idField(page).fill(value === WELL_FORMED ? ` ${world.id} ` : String(value));
      },
    },
    FIND: { perform: async ({ page }) => button(page, 'audit.findButton').click() },
    RECHECK: { perform: async ({ page }) => button(page, 'audit.recheck').click() },
    RETRY: { perform: async ({ page }) => button(page, 'audit.retry').click() },
  },

  outcomes: {
    checkLedger: {
      done: [{ name: 'the ledger is checked', value: { checked_at: '2025-01-02T12:00:00.000Z', entries: 3, accounts: 7, payments: 2, breaches: [] } }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/audit\/ledger(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    auditPayment: {
      // A trail found is taken by flow-atlas.spec.ts.
      done: [],
      error: [
        { name: 'no payment has the id', value: apiFailure(404, { code: 'not_found', detail: 'Nothing was found at this address.' }), arrange: letTheReadGo(false), logs: 404 },
        { name: 'the server is unavailable', value: serviceUnavailable, arrange: letTheReadGo(true), logs: 503 },
      ],
    },
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = auditView(snapshot);
    const state = `audit in ${JSON.stringify(snapshot.value)}`;
    if (view.retry) {
      await expect(page.getByRole('alert').filter({ hasText: at('audit.unavailable') }), `${state}: the failed check`).toBeVisible();
      await expectButton(button(page, 'audit.retry'), true, `${state}: "${at('audit.retry')}"`);
    } else {
      await expectAbsent(button(page, 'audit.retry'), `${state}: "${at('audit.retry')}"`);
    }
    if (view.ledger) await expectButton(button(page, 'audit.recheck'), view.ledger.recheck, `${state}: "${at('audit.recheck')}"`);
    else await expectAbsent(button(page, 'audit.recheck'), `${state}: "${at('audit.recheck')}"`);
    if (!view.search) {
      await expectAbsent(idField(page), `${state}: the payment id field`);
      return;
    }
    const typed = view.search.value === WELL_FORMED ? ` ${world.id} ` : view.search.value;
    await expect(idField(page), `${state}: the id typed`).toHaveValue(typed);
    await expectFieldError(idField(page), view.search.invalid, `${state}: the payment id field`);
    await expectButton(button(page, 'audit.findButton'), view.search.find, `${state}: "${at('audit.findButton')}"`);
    if (view.search.message) {
      const id = view.search.message.id === WELL_FORMED.trim() ? world.id : view.search.message.id;
      await expect(idField(page), `${state}: the search's message`).toHaveAccessibleDescription(at(view.search.message.key, { id }));
    } else {
      await expect(page.getByRole('region', { name: at('audit.find') }).getByRole('alert'), `${state}: the search's message`).toHaveCount(0);
    }
  },
};
