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
    // What arrived is what the page shows.
    ready: ({ snapshot, event }: Ctx) => {
      expect(snapshot.context.data).toEqual((event as unknown as { output: unknown }).output);
    },
    // Nothing shown from the server; Retry asks again.
    failed: ({ snapshot }: Ctx) => {
      expect(snapshot.context.data).toBeNull();
      expect(snapshot.can({ type: 'RETRY' })).toBe(true);
    },
  },
});
