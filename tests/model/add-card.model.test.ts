import { expect } from 'vitest';
import type { AddCardValues, addCardMachine } from '../../machines/add-card.machine';
import { catalogue } from '../../machines/catalogue';
import { addedCard, DECLINE_TEXT, goodCard } from '../../machines/deposits/samples';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { expectedFieldErrors } from '../support/field-expectations';

interface Fakes {
  focused: number;
  added: number;
}
type Ctx = StepContext<typeof addCardMachine, Fakes>;

// Expectations written out, never computed by the machine module (issue 24 item 9). Spec §5: required fields, card
// number 15 or 16 digits (and a Luhn check), a valid month, a year not before this one, CVV 3 or 4 digits.
const REQUIRED = { key: 'wallet:rules.required' };
const EMPTY = { nameOnCard: '', number: '', expMonth: '', expYear: '', cvv: '', country: '', postalCode: '' };

/** For every value the catalogue's samples put in a field (blank, goodCard's, the Luhn failure): its message, or null. */
const CARD_RULES: Record<keyof AddCardValues, Record<string, { key: string } | null>> = {
  nameOnCard: { '': REQUIRED, 'Ana Souza': null },
  number: { '': REQUIRED, '4242 4242 4242 4242': null, '4242 4242 4242 4241': { key: 'wallet:rules.card_number_invalid' } },
  expMonth: { '': { key: 'wallet:rules.card_exp_month' }, '12': null },
  expYear: { '': { key: 'wallet:rules.card_exp_year' }, '2030': null },
  cvv: { '': REQUIRED, '123': null },
  country: { US: null },
  postalCode: { '': REQUIRED, '10001': null },
};

function expectedProblems(values: AddCardValues) {
  return expectedFieldErrors(CARD_RULES, values, 'CARD_RULES');
}

/** What goodCard goes to the processor as: month and year as numbers. */
const GOOD_CARD_BODY = { nameOnCard: 'Ana Souza', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvv: '123', country: 'US', postalCode: '10001' };

describeModel('add-card machine (model-based)', {
  ...fromCatalogue(catalogue['add-card']),
  setup: () => {
    const fakes: Fakes = { focused: 0, added: 0 };
    const machine = catalogue['add-card']
      .fake()
      .provide({ actions: { focusFirstError: () => void fakes.focused++, notifyAdded: () => void fakes.added++ } });
    return { machine, fakes };
  },
  states: {
    editing: ({ snapshot, step, event, actions, running }: Ctx) => {
      const { values, errors, message, declined } = snapshot.context;
      expect(running).toEqual([]);
      if (step === 'init') {
        // The user's country is the default; everything else is blank.
        expect(values).toEqual({ ...EMPTY, country: 'US' });
      } else if (step.startsWith('CHANGE')) {
        expect(values[event.field as keyof typeof values]).toBe(event.value);
        expect(errors[event.field as keyof typeof errors]).toBeUndefined();
        expect([message, declined]).toEqual([null, false]);
      } else if (step === 'SUBMIT') {
        // Refused by the rules: exactly the rules' messages, focus on the first, nothing sent.
        const problems = expectedProblems(values);
        expect(Object.keys(problems).length).toBeGreaterThan(0);
        expect(errors).toEqual(problems);
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'addCard:error[0]') {
        // Declined by the processor: its text above the button; the typed card stays to be corrected.
        expect(declined).toBe(true);
        expect(messageText(message)).toBe(DECLINE_TEXT);
        expect(values).toEqual(goodCard);
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'addCard:error[1]') {
        // The server's field problem under its field.
        expect(messageText(errors.number)).toBe('Card number must have 15 or 16 digits');
        expect([message, declined]).toEqual([null, false]);
      } else {
        expect(step).toBe('addCard:error[2]');
        expect(messageText(message)).toBe('errors:generic');
        expect(declined).toBe(false);
      }
    },
    validating: ({ snapshot, running }: Ctx) => {
      // Only a form that passes every rule reaches the processor, as numbers where the API wants numbers.
      expect(snapshot.context.values).toEqual(goodCard);
      expect(running).toEqual([expect.objectContaining({ src: 'addCard', input: GOOD_CARD_BODY })]);
      expect(snapshot.context.errors).toEqual({});
    },
    added: ({ snapshot, step, actions, fakes }: Ctx) => {
      expect(step).toBe('addCard:done');
      expect(actions).toEqual(['notifyAdded']);
      expect(fakes.added).toBe(1);
      expect(snapshot.output).toEqual(addedCard);
      // The number and CVV are not kept once the processor has the card.
      expect(snapshot.context.values).toEqual(EMPTY);
    },
  },
});
