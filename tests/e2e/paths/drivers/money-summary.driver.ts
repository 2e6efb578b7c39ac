import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/money-summary.catalogue';
import { moneyChartScreen } from '../../../../machines/money-summary.view';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The money chart (machines/money-summary.machine.ts, its view-model machines/money-summary.view.ts) on /profile,
 * driven as a person: a fresh signed-in account per path. The summary of any period is always there (empty too), so
 * its failure is a forced 503.
 */
type SummaryWorld = Record<string, never>;

const act = (key: string) => text('en', 'activity', key);
const chart = (page: Page) => page.getByRole('region', { name: act('chart.title') });
const retry = (page: Page) => chart(page).getByRole('button', { name: act('chart.retry'), exact: true });

export const moneySummaryDriver: Driver<SummaryWorld> = {
  name: 'money-summary',
  machine: catalogue.fake(),
  input: catalogue.inputs!.saoPaulo,
  serializeState: (snapshot) => catalogue.serializeState?.(snapshot) ?? JSON.stringify({ value: snapshot.value, period: snapshot.context.period }),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return {};
  },

  async open({ page }) {
    await page.goto('/profile');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.profile'));
  },

  events: {
    RETRY: { perform: async ({ page }) => retry(page).click() },
  },

  outcomes: {
    loadSummary: {
      done: [],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/summary(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const screen = moneyChartScreen(snapshot);
    const state = `money-summary in ${JSON.stringify(snapshot.value)} (${screen.part})`;
    await expect(chart(page), `${state}: the chart's frame`).toBeVisible();
    for (const period of screen.periods) {
      await expect(chart(page).getByRole('button', { name: act(period.labelKey), exact: true }), `${state}: "${act(period.labelKey)}" pressed ${period.pressed}`).toHaveAttribute(
        'aria-pressed',
        String(period.pressed),
      );
    }
    if (screen.part === 'failed') {
      await expect(chart(page).getByRole('alert').filter({ hasText: act('chart.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retry(page), screen.retry, `${state}: "${act('chart.retry')}"`);
    } else {
      await expectAbsent(retry(page), `${state}: "${act('chart.retry')}"`);
    }
  },
};
