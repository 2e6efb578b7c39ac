import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/statement.catalogue';
import { statementParts } from '../../../../machines/statement.view';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The monthly statement, /transactions/statements (machines/statement.machine.ts, its view-model
 * machines/statement.view.ts), driven as a person: a fresh signed-in account per path, whose last ended month is
 * empty. A month always has a statement (an empty one too), so its failure is a forced 503.
 */
type StatementWorld = Record<string, never>;

const act = (key: string) => text('en', 'activity', key);
const retry = (page: Page) => page.getByRole('main').getByRole('button', { name: act('list.retry'), exact: true });

export const statementDriver: Driver<StatementWorld> = {
  name: 'statement',
  machine: catalogue.fake(),
  input: catalogue.inputs!.noMonth,
  serializeState: (snapshot) => catalogue.serializeState?.(snapshot) ?? JSON.stringify({ value: snapshot.value, month: snapshot.context.month }),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return {};
  },

  async open({ page }) {
    await page.goto('/transactions/statements');
    await expect(mainHeading(page)).toHaveText(act('statement.title'));
  },

  events: {
    RETRY: { perform: async ({ page }) => retry(page).click() },
  },

  outcomes: {
    loadStatement: {
      done: [],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/statements\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const parts = statementParts(snapshot);
    const state = `statement in ${JSON.stringify(snapshot.value)}`;
    if (parts.retry) {
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: act('statement.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retry(page), true, `${state}: "${act('list.retry')}"`);
    } else {
      await expectAbsent(retry(page), `${state}: "${act('list.retry')}"`);
    }
  },
};
