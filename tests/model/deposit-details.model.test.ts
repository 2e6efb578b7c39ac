import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { depositDetailsMachine } from '../../machines/deposit-details.machine';
import { cardDeposit } from '../../machines/deposits/samples';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** A pending deposit is read again every 3 seconds (written out, not read from the machine: issue 24 item 9). */
const DEPOSIT_REFRESH_MS = 3_000;

type Ctx = StepContext<typeof depositDetailsMachine, null>;

const load = { src: 'loadDeposit', input: { depositId: 'dep-1' } };

describeModel('deposit details machine (model-based)', {
  ...fromCatalogue(catalogue['deposit-details']),
  setup: () => ({ machine: catalogue['deposit-details'].fake(), fakes: null }),
  states: {
    loading: ({ running, step, snapshot }: Ctx) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining(load)]);
      expect(snapshot.context.deposit).toBeNull();
    },
    failed: ({ step, running }: Ctx) => {
      expect(step).toBe('loadDeposit:error[2]');
      expect(running).toEqual([]);
    },
    // No id, an unknown or foreign one (404), or not an id at all (400): one answer.
    notFound: ({ snapshot, step, input }: Ctx) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.deposit).toBeNull();
      if (input.depositId === null) expect(step).toBe('init');
      else expect(['loadDeposit:error[0]', 'loadDeposit:error[1]']).toContain(step);
    },
    // 'Being processed', read again after a few seconds while the last figures stay on screen.
    inFlight: ({ snapshot, scheduled, running, step }: Ctx) => {
      expect(snapshot.context.deposit).toEqual(cardDeposit('processing'));
      expect(running).toEqual([]);
      if (step !== 'loadDeposit:error') expect(scheduled).toEqual([{ event: `after:${DEPOSIT_REFRESH_MS}`, dueIn: DEPOSIT_REFRESH_MS }]);
    },
    refreshing: ({ snapshot, running, step }: Ctx) => {
      expect(step).toBe(`after:${DEPOSIT_REFRESH_MS}`);
      expect(snapshot.context.deposit?.status).toBe('processing');
      expect(running).toEqual([expect.objectContaining(load)]);
    },
    settled: ({ snapshot, scheduled }: Ctx) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.deposit).toEqual(cardDeposit('complete'));
      expect(scheduled).toEqual([]);
    },
  },
});
