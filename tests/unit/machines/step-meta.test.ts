import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateValue } from 'xstate';
import { stepOf } from '../../../machines/forms/step-meta';
import { addMoneyMachine } from '../../../machines/add-money.machine';
import { payoutLinkingMachine } from '../../../machines/payout-linking.machine';
import { withdrawMachine } from '../../../machines/withdraw.machine';

// The stepper's step of each state, written out (issue 24 item 6): what the screens showed from their own maps before
// the machines declared it in `meta`.
const at = (machine: AnyStateMachine, value: StateValue) => stepOf(machine.resolveState({ value, context: {} as never }));

describe("a wizard's step comes from its machine's states", () => {
  it('withdraw: amount, destination, confirm (also while submitting or failed), then created', () => {
    const steps = ['amount', 'destination', 'confirm', 'submitting', 'failed', 'created', 'loading'].map((v) => at(withdrawMachine, v));
    expect(steps).toEqual([0, 1, 2, 2, 2, 3, null]);
  });

  it('payout linking: credentials, confirm (and its password and linking), the error, then success', () => {
    const steps = ['credentials', 'confirm', 'confirmingPassword', 'linking', 'success', 'loading'].map((v) => at(payoutLinkingMachine, v));
    expect(steps).toEqual([0, 1, 1, 1, 3, null]);
    expect(at(payoutLinkingMachine, { error: 'notActivated' })).toBe(2);
  });

  it("add money by card: the card, the amount, confirm (and charging, declined, failed), then processing", () => {
    const card = ['loading', 'loadFailed', 'choosing', 'addingCard', 'amount', 'confirm', 'charging', 'declined', 'failed', 'processing'];
    expect(card.map((v) => at(addMoneyMachine, { card: v }))).toEqual([0, 0, 0, 0, 1, 2, 2, 2, 2, 3]);
    expect(at(addMoneyMachine, 'choosingMethod')).toBeNull();
  });
});
