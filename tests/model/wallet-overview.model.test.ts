import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { walletOverviewMachine } from '../../machines/wallet-overview.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof walletOverviewMachine, null>;

describeModel('wallet overview machine (model-based)', {
  ...fromCatalogue(catalogue['wallet-overview']),
  setup: () => ({ machine: catalogue['wallet-overview'].fake(), fakes: null }),
  states: {
    loading: ({ running, step, snapshot }: Ctx) => {
      expect(['init', 'RETRY', 'REFRESH', 'LIVE_PAYMENT[0]', 'LIVE_PAYMENT[1]', 'LIVE_TRANSFER', 'LIVE_RESET']).toContain(step);
      // The live updates (issue 23.4) run all along, beside the one read.
      expect(running).toEqual(
        expect.arrayContaining([expect.objectContaining({ src: 'loadOverview' }), expect.objectContaining({ src: 'liveUpdates' })]),
      );
      expect(running).toHaveLength(2);
      // A re-read (the user came back, or a live change moved the balance) keeps the last figures on screen.
      if (step !== 'init' && step !== 'RETRY') expect(snapshot.context.overview).not.toBeNull();
    },
    failed: ({ step }: Ctx) => expect(step).toBe('loadOverview:error'),
    ready: ({ snapshot, step }: Ctx) => {
      expect(step).toBe('loadOverview:done');
      expect(snapshot.context.overview?.wallet.balance).toBe('50.00');
      expect(snapshot.context.overview?.deposits).toHaveLength(1);
    },
  },
});
