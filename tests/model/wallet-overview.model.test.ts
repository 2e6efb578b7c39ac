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
      expect(['init', 'RETRY', 'REFRESH']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadOverview' })]);
      // A re-read keeps the last figures on screen.
      if (step === 'REFRESH') expect(snapshot.context.overview).not.toBeNull();
    },
    failed: ({ step }: Ctx) => expect(step).toBe('loadOverview:error'),
    ready: ({ snapshot, step }: Ctx) => {
      expect(step).toBe('loadOverview:done');
      expect(snapshot.context.overview?.wallet.balance).toBe('50.00');
      expect(snapshot.context.overview?.deposits).toHaveLength(1);
    },
  },
});
