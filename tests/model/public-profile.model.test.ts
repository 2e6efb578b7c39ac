import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { purchaseOf } from '../../machines/public-profile.machine';
import type { Purchase } from '../../domain/purchase';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  opened: Purchase[];
  notes: string[];
}

/** What a purchase may be on this page: a preset, a good custom amount, or the listed price point at its price. */
// Expectations written out, never computed by the machine module (issue 24 item 9).
const allowedPurchases = [
  { creatorUsername: 'mia', amount: '10.00' },
  { creatorUsername: 'mia', amount: '7.50' },
  { creatorUsername: 'mia', amount: '12.00', pricePointId: 'pp-12' },
];

/**
 * The purchase each choice stands for, written out for the samples: the $10 preset, the custom $7.50 (typed "7.50",
 * or "7.5" from a link), the $12.00 price point; a custom amount that is not one ("0.5", below the minimum, or
 * nothing) stands for none. Always Mia as the server spells her name.
 */
function expectedPurchase(selection: { kind: string; amount?: string; id?: string } | null, customAmount: string) {
  if (selection === null) return null;
  if (selection.kind === 'amount' && selection.amount === '10.00') return allowedPurchases[0];
  if (selection.kind === 'pricePoint' && selection.id === 'pp-12') return allowedPurchases[2];
  if (selection.kind === 'custom') {
    const custom: Record<string, (typeof allowedPurchases)[number] | null> = { '7.50': allowedPurchases[1]!, '7.5': allowedPurchases[1]!, '0.5': null, '': null };
    if (customAmount in custom) return custom[customAmount];
  }
  throw new Error(`no literal expectation for ${JSON.stringify({ selection, customAmount })}: add it to expectedPurchase`);
}
/** The note as sent: trimmed. */
const SENT_NOTES: Record<string, string> = { '': '', 'Love the coast series': 'Love the coast series' };

describeModel('public-profile machine (model-based)', {
  ...fromCatalogue(catalogue['public-profile']),
  setup: () => {
    const fakes: Fakes = { opened: [], notes: [] };
    const machine = catalogue['public-profile'].fake().provide({
      actions: {
        openSend: (_, { purchase, note }) => {
          fakes.opened.push(purchase);
          fakes.notes.push(note);
        },
      },
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
      if (step === 'loadPublicProfile:done' || step === 'init') {
        // Loaded, or given by the server's render (then no call was made).
        if (step === 'init') {
          expect(input.loaded).toBeTruthy();
          expect(profile).toEqual(input.loaded);
        }
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
      } else if (step === 'BACK') {
        // Back from signing in: the choice as it was, a purchase the page offers.
        expect(expectedPurchase(selection, customAmount)).not.toBeNull();
        expect(purchaseOf(snapshot.context)).toEqual(expectedPurchase(selection, customAmount));
      }
      else if (step === 'CHANGE_NOTE') {
        // The tip's note (issue 23): kept as typed, the choice untouched.
        expect(snapshot.context.note).toBe(event.value);
      } else throw new Error(`unexpected way into choosing: ${step}`);
    },
    signInNeeded: ({ snapshot, input }) => {
      // Only visitors, and only with a purchase the page offers.
      expect(input.signedIn).toBe(false);
      const expected = expectedPurchase(snapshot.context.selection, snapshot.context.customAmount);
      expect(allowedPurchases).toContainEqual(expected);
      expect(purchaseOf(snapshot.context)).toEqual(expected);
    },
    leaving: ({ actions, fakes, input, snapshot }) => {
      expect(input.signedIn).toBe(true);
      expect(actions).toEqual(['openSend']);
      // The creator's username as the server spells it, never as typed in the address.
      const expected = expectedPurchase(snapshot.context.selection, snapshot.context.customAmount);
      expect(allowedPurchases).toContainEqual(expected);
      expect(fakes.opened.at(-1)).toEqual(expected);
      // The note goes with it, trimmed.
      expect(snapshot.context.note in SENT_NOTES).toBe(true);
      expect(fakes.notes.at(-1)).toBe(SENT_NOTES[snapshot.context.note]);
    },
  },
});
