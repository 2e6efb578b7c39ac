import { expect } from 'vitest';
import { addCardBody, cardProblems, EMPTY_CARD, type addCardMachine } from '../../machines/add-card.machine';
import { catalogue } from '../../machines/catalogue';
import { addedCard, DECLINE_TEXT, goodCard, TODAY } from '../../machines/deposits/samples';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  focused: number;
  added: number;
}
type Ctx = StepContext<typeof addCardMachine, Fakes>;

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
        expect(values).toEqual({ ...EMPTY_CARD, country: 'US' });
      } else if (step.startsWith('CHANGE')) {
        expect(values[event.field as keyof typeof values]).toBe(event.value);
        expect(errors[event.field as keyof typeof errors]).toBeUndefined();
        expect([message, declined]).toEqual([null, false]);
      } else if (step === 'SUBMIT') {
        // Refused by the rules: exactly the rules' messages, focus on the first, nothing sent.
        const problems = cardProblems(values, TODAY);
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
      expect(running).toEqual([expect.objectContaining({ src: 'addCard', input: addCardBody(goodCard) })]);
      expect(addCardBody(goodCard)).toMatchObject({ expMonth: 12, expYear: 2030, number: '4242 4242 4242 4242' });
      expect(snapshot.context.errors).toEqual({});
    },
    added: ({ snapshot, step, actions, fakes }: Ctx) => {
      expect(step).toBe('addCard:done');
      expect(actions).toEqual(['notifyAdded']);
      expect(fakes.added).toBe(1);
      expect(snapshot.output).toEqual(addedCard);
      // The number and CVV are not kept once the processor has the card.
      expect(snapshot.context.values).toEqual(EMPTY_CARD);
    },
  },
});
