import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { resourceViewMachine } from '../../machines/resource-view.machine';
import { resourceReloaded, resourceSample } from '../../machines/resource-view.catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

type Ctx = StepContext<typeof resourceViewMachine, null>;

const idle = ({ running, scheduled }: Ctx) => {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
};

describeModel('resource-view machine (model-based)', {
  ...fromCatalogue(catalogue['resource-view']),
  setup: () => ({ machine: catalogue['resource-view'].fake(), fakes: null }),
  states: {
    loading: ({ step, running, snapshot }) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'load' })]);
      expect(snapshot.context.data).toBeNull();
    },
    failed: (ctx) => {
      idle(ctx);
      expect(ctx.step).toBe('load:error[1]');
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    notFound: (ctx) => {
      // Not yours, or nothing at all: the same page, and nothing to retry.
      idle(ctx);
      expect(ctx.step).toBe('load:error[0]');
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(false);
      expect(ctx.snapshot.context.data).toBeNull();
    },
    'shown.idle': (ctx) => {
      idle(ctx);
      const { step, snapshot } = ctx;
      if (step === 'load:done[1]') expect(snapshot.context.data).toEqual(resourceReloaded);
      else if (step === 'load:done[0]') expect(snapshot.context.data).toEqual(resourceSample);
      else {
        // A failed reload keeps what was shown.
        expect(step).toMatch(/^load:error/u);
        expect([resourceSample, resourceReloaded]).toContainEqual(snapshot.context.data);
      }
    },
    'shown.reloading': ({ step, running, snapshot }) => {
      expect(step).toBe('RELOAD');
      expect(running).toEqual([expect.objectContaining({ src: 'load' })]);
      expect(snapshot.context.data).not.toBeNull();
    },
  },
});
