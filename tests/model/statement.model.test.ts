import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { statementMachine } from '../../machines/statement.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof statementMachine, null>;

describeModel('statement machine (model-based)', {
  ...fromCatalogue(catalogue.statement),
  setup: () => ({ machine: catalogue.statement.fake(), fakes: null }),
  states: {
    loading: ({ running, snapshot }: Ctx) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadStatement' })]);
      // Only a past month is ever asked for, and the screen shows nothing of another month meanwhile.
      expect(snapshot.context.months).toContain(snapshot.context.month);
      expect(snapshot.context.month < '2026-12').toBe(true);
    },
    failed: ({ step }: Ctx) => expect(step).toMatch(/^loadStatement:error/),
    loaded: ({ snapshot, step }: Ctx) => {
      expect(step).toMatch(/^loadStatement:done/);
      expect(snapshot.context.statement).not.toBeNull();
    },
  },
});
