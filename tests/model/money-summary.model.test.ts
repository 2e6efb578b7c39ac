import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { moneySummaryMachine } from '../../machines/money-summary.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof moneySummaryMachine, null>;

describeModel('money summary machine (model-based)', {
  ...fromCatalogue(catalogue['money-summary']),
  setup: () => ({ machine: catalogue['money-summary'].fake(), fakes: null }),
  states: {
    loading: ({ running, snapshot }: Ctx) => {
      // One call at a time, for the chosen period, and nothing of another period is shown meanwhile.
      expect(running).toEqual([expect.objectContaining({ src: 'loadSummary' })]);
      expect(['30d', '26w']).toContain(snapshot.context.period);
      expect(snapshot.context.summary).toBeNull();
    },
    failed: ({ step, snapshot }: Ctx) => {
      expect(step).toMatch(/^loadSummary:error/);
      expect(snapshot.context.summary).toBeNull();
    },
    loaded: ({ snapshot, step }: Ctx) => {
      expect(step).toMatch(/^loadSummary:done/);
      expect(snapshot.context.summary).not.toBeNull();
    },
  },
});
