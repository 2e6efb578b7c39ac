import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { purchaseOf } from '../../machines/public-profile.machine';
import type { Purchase } from '../../domain/purchase';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  opened: Purchase[];
}

/** What a purchase may be on this page: a preset, a good custom amount, or the listed price point at its price. */
const allowedPurchases = [
  { creatorUsername: 'mia', amount: '10.00' },
  { creatorUsername: 'mia', amount: '7.50' },
  { creatorUsername: 'mia', amount: '12.00', pricePointId: 'pp-12' },
];

describeModel('public-profile machine (model-based)', {
  ...fromCatalogue(catalogue['public-profile']),
  setup: () => {
    const fakes: Fakes = { opened: [] };
    const machine = catalogue['public-profile'].fake().provide({
      actions: { openSend: (_, { purchase }) => void fakes.opened.push(purchase) },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ running, input }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadPublicProfile', input: { username: input.username } })]);
    },
    notFound: ({ step }) => expect(step).toBe('loadPublicProfile:error[0]'),
    loadFailed: ({ step }) => expect(step).toBe('loadPublicProfile:error[1]'),
    choosing: ({ snapshot, step, event, actions, input }) => {
      const { selection, customAmount, error, profile } = snapshot.context;
      if (step === 'loadPublicProfile:done') {
        expect(profile?.username).toBe('mia');
        // The earlier choice comes back when it still exists.
        const initial = input.initial;
        if (!initial || initial.pricePointId === 'pp-gone') expect(selection).toBeNull();
        else if (initial.pricePointId) expect(selection).toEqual({ kind: 'pricePoint', id: initial.pricePointId });
        else if (initial.amount === '10') expect(selection).toEqual({ kind: 'amount', amount: '10.00' });
        else {
          expect(selection).toEqual({ kind: 'custom' });
          expect(customAmount).toBe('7.50');
        }
      } else if (step === 'SELECT_AMOUNT[0]') expect(selection).toEqual({ kind: 'amount', amount: '10.00' });
      else if (step === 'SELECT_CUSTOM') expect(selection).toEqual({ kind: 'custom' });
      else if (step.startsWith('CHANGE_CUSTOM')) {
        expect(selection).toEqual({ kind: 'custom' });
        expect(customAmount).toBe(event.value);
        expect(error).toBeNull();
      } else if (step === 'SELECT_PRICE_POINT[0]') expect(selection).toEqual({ kind: 'pricePoint', id: 'pp-12' });
      else if (step === 'PAY') {
        expect(actions).toEqual(['focusError']);
        if (selection === null) expect(messageText(error)).toBe('creators:publicPage.chooseFirst');
        else expect(messageText(error)).toBe(customAmount === '' ? 'creators:rules.required' : 'creators:rules.amount_range');
      } else if (step === 'BACK') expect(purchaseOf(snapshot.context)).not.toBeNull();
      else throw new Error(`unexpected way into choosing: ${step}`);
    },
    signInNeeded: ({ snapshot, input }) => {
      // Only visitors, and only with a purchase the page offers.
      expect(input.signedIn).toBe(false);
      expect(allowedPurchases).toContainEqual(purchaseOf(snapshot.context));
    },
    leaving: ({ actions, fakes, input }) => {
      expect(input.signedIn).toBe(true);
      expect(actions).toEqual(['openSend']);
      // The creator's username as the server spells it, never as typed in the address.
      expect(allowedPurchases).toContainEqual(fakes.opened.at(-1));
    },
  },
});
