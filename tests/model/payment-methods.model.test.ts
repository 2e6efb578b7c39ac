import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { cardNotFound, savedCard } from '../../machines/deposits/samples';
import type { paymentMethodsMachine } from '../../machines/payment-methods.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

interface Fakes {
  removed: number;
  failures: unknown[];
}
type Ctx = StepContext<typeof paymentMethodsMachine, Fakes>;

describeModel('payment methods machine (model-based)', {
  ...fromCatalogue(catalogue['payment-methods']),
  setup: () => {
    const fakes: Fakes = { removed: 0, failures: [] };
    const machine = catalogue['payment-methods'].fake().provide({
      actions: { notifyRemoved: () => void fakes.removed++, notifyFailure: (_, params) => void fakes.failures.push(params.error) },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ running, step }: Ctx) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadCards' })]);
    },
    loadFailed: ({ step }: Ctx) => expect(step).toBe('loadCards:error'),
    listing: ({ snapshot, step, actions, fakes }: Ctx) => {
      const { cards, removing } = snapshot.context;
      expect(removing).toBeNull();
      if (step === 'removeCard:done' || step === 'removeCard:error[0]') {
        // Removed (or already gone): off the list, and 'card removed' said once.
        expect(cards).toEqual([]);
        expect(actions).toEqual(['notifyRemoved']);
        expect(fakes.removed).toBe(1);
      } else if (step === 'removeCard:error[1]') {
        // Refused: the card stays, and the failure is said.
        expect(cards).toEqual([savedCard]);
        expect(actions).toEqual(['notifyFailure']);
        expect(fakes.failures).toHaveLength(1);
        expect(fakes.failures[0]).not.toBe(cardNotFound);
      } else {
        expect(['loadCards:done', 'CANCEL']).toContain(step);
        expect(cards).toEqual([savedCard]);
      }
    },
    confirming: ({ snapshot, step }: Ctx) => {
      expect(step).toBe('REMOVE[0]');
      expect(snapshot.context.removing).toEqual(savedCard);
    },
    removing: ({ running, step }: Ctx) => {
      expect(step).toBe('CONFIRM');
      expect(running).toEqual([expect.objectContaining({ src: 'removeCard', input: { cardId: savedCard.id } })]);
    },
  },
});
