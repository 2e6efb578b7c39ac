import { homeActivityMachine, type HomeData } from './home-activity.machine';
import * as activity from './activity/samples';
import { liveSamples, transferSample } from './live/live-updates';
import { entry } from './catalogue-entry';
import { resolves } from './catalogue-samples';

/** The flow atlas entry of `home-activity` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: homeActivityMachine,
  purpose: 'Home: the newest payments and the wallet the first-step cards depend on; retry when they fail to load.',
  views: ['src/features/home/home-page.tsx'],
  operations: { loadHome: ['listPayments', 'getWallet', 'listCards', 'getProfile'], liveUpdates: ['streamEvents'] },
  tests: ['tests/unit/machines/home-sections-view.test.ts', 'tests/e2e/home-first-steps.spec.ts', 'tests/e2e/activity.spec.ts', 'tests/e2e/live-updates.spec.ts'],
  fake: () =>
    homeActivityMachine.provide({
      actors: { loadHome: resolves<HomeData>({ recent: [activity.myRequest], balance: '0.00', hasCard: false, profileComplete: false }) },
    }),
  inputs: { signedIn: { userId: activity.ANA_ID } },
  // Live updates (issue 23.4): any change of the user's payments, or a reset of the stream, reads home again.
  events: { RETRY: { type: 'RETRY' }, ...liveSamples(activity.myRequest.payment_id), ...transferSample() },
  invokeResults: {
    // A new user with every step open, and one who has done them all (or whose cards and profile were not read).
    loadHome: {
      done: [
        { recent: [activity.myRequest], balance: '0.00', hasCard: false, profileComplete: false },
        { recent: [], balance: '12.50', hasCard: true, profileComplete: null },
      ],
      error: [activity.offline],
    },
  },
});
