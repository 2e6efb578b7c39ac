import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { ANA_ID } from '../../machines/activity/samples';
import type { homeActivityMachine } from '../../machines/home-activity.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof homeActivityMachine, null>;

describeModel('home activity machine (model-based)', {
  ...fromCatalogue(catalogue['home-activity']),
  setup: () => ({ machine: catalogue['home-activity'].fake(), fakes: null }),
  states: {
    // One call for the user's own recent payments and wallet.
    loading: ({ running, step }: Ctx) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadHome', input: { userId: ANA_ID } })]);
    },
    // What arrived is what the page shows; from then on, home follows the user's live updates (issue 23.4).
    'ready.current': ({ snapshot, event, step, running }: Ctx) => {
      if (step.startsWith('loadHome:done')) expect(snapshot.context.data).toEqual((event as unknown as { output: unknown }).output);
      // A reread that failed keeps what was shown.
      else expect(snapshot.context.data).not.toBeNull();
      expect(running).toEqual([expect.objectContaining({ src: 'liveUpdates', input: { userId: ANA_ID } })]);
    },
    // Any change of the user's payments (a new one, an order, a reply) or deposits and withdrawals, or a reset: home read again in place.
    'ready.refreshing': ({ snapshot, step, running }: Ctx) => {
      expect(['LIVE_PAYMENT[0]', 'LIVE_PAYMENT[1]', 'LIVE_TRANSFER', 'LIVE_RESET']).toContain(step);
      expect(snapshot.context.data).not.toBeNull();
      expect(running).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ src: 'loadHome', input: { userId: ANA_ID } }),
          expect.objectContaining({ src: 'liveUpdates', input: { userId: ANA_ID } }),
        ]),
      );
    },
    // Nothing shown from the server; Retry asks again.
    failed: ({ snapshot }: Ctx) => {
      expect(snapshot.context.data).toBeNull();
      expect(snapshot.can({ type: 'RETRY' })).toBe(true);
    },
  },
});
