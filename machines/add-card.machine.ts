import { assign, setup } from 'xstate';
import { cardForm } from '../domain/rules/card-rules';
import { errorOf, failureCode } from './forms/api-failure';
import { applyChange, type ChangeEvent, type SubmitEvent } from './forms/form-events';
import {
  formMessage,
  hasErrors,
  serverFieldErrors,
  withoutError,
  type FieldErrors,
  type FormMessage,
} from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import type { PaymentCard } from './payments/funding';
import { hostActor } from './forms/host-actor';

/**
 * Add a card (/settings/payment-methods/add-new-card, and the "add a card" step of add-money): name on card (at
 * least two words), number (15 or 16 digits, Luhn), expiry month and year (a real month, not past), CVV (3 or 4
 * digits), country, postal code — the shared rules of domain/rules/card-rules.ts — then the card processor
 * validates it with no charge: 'card added', or the decline text above the button. The number and CVV are
 * forgotten once the card is added, and kept after a decline so a typo can be fixed.
 */
export interface AddCardValues {
  nameOnCard: string;
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  country: string;
  postalCode: string;
}

export const ADD_CARD_FIELDS = ['nameOnCard', 'number', 'expMonth', 'expYear', 'cvv', 'country', 'postalCode'] as const satisfies readonly (keyof AddCardValues)[];
type Field = (typeof ADD_CARD_FIELDS)[number];

export interface AddCardInput {
  /** Now, from the host (ms since the epoch): the expiry is judged against it; the machine keeps no clock. */
  today: number;
  /** The user's country as the default for the card's (set-up asked for it). */
  country?: string | null;
}

/** The body of `POST …/payment-methods/cards`. */
export interface AddCardBody {
  nameOnCard: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  country: string;
  postalCode: string;
}

export interface AddCardContext {
  today: number;
  values: AddCardValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  /** The processor refused the card (402): the message is its decline text. */
  declined: boolean;
  added: PaymentCard | null;
}

export type AddCardEvent = ChangeEvent<AddCardValues> | SubmitEvent;

const EMPTY_CARD: AddCardValues = { nameOnCard: '', number: '', expMonth: '', expYear: '', cvv: '', country: '', postalCode: '' };

/** A whole number typed in a field ("07" → 7); anything else is NaN so the rule refuses it. */
const wholeNumber = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function addCardBody(values: AddCardValues): AddCardBody {
  return {
    nameOnCard: values.nameOnCard.trim(),
    number: values.number,
    expMonth: wholeNumber(values.expMonth),
    expYear: wholeNumber(values.expYear),
    cvv: values.cvv.trim(),
    country: values.country,
    postalCode: values.postalCode.trim(),
  };
}

export const cardProblems = (values: AddCardValues, today: number) =>
  ruleErrors(cardForm(new Date(today)), addCardBody(values), ADD_CARD_FIELDS);

export const addCardMachine = setup({
  types: {
    context: {} as AddCardContext,
    events: {} as AddCardEvent,
    input: {} as AddCardInput,
    output: {} as PaymentCard | null,
  },
  actors: {
    addCard: hostActor<PaymentCard, AddCardBody>('addCard'),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(cardProblems(context.values, context.today)),
    cardDeclined: ({ event }) => failureCode(errorOf(event)) === 'card_declined',
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return { values: applyChange(context.values, event), errors: withoutError(context.errors, event.field), message: null, declined: false };
    }),
    showRuleErrors: assign(({ context }) => ({ errors: cardProblems(context.values, context.today), message: null, declined: false })),
    clearMessages: assign({ errors: {}, message: null, declined: false }),
    showDecline: assign(({ event }) => ({ errors: {}, message: formMessage(errorOf(event), {}), declined: true })),
    showServerErrors: assign(({ event }) => {
      const error = errorOf(event);
      const errors = serverFieldErrors(error, ADD_CARD_FIELDS);
      return { errors, message: formMessage(error, errors), declined: false };
    }),
    // The card number and CVV do not linger in memory once the processor has the card.
    storeAdded: assign((_, added: PaymentCard) => ({
      added,
      values: EMPTY_CARD,
    })),
    // Host effects.
    focusFirstError: () => {},
    notifyAdded: () => {},
  },
}).createMachine({
  id: 'addCard',
  context: ({ input }) => ({
    today: input.today,
    values: { ...EMPTY_CARD, country: input.country ?? '' },
    errors: {},
    message: null,
    declined: false,
    added: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'validating', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    // The processor checks the card with no charge.
    validating: {
      invoke: {
        src: 'addCard',
        input: ({ context }) => addCardBody(context.values),
        onDone: { target: 'added', actions: [{ type: 'storeAdded', params: ({ event }) => event.output }, 'notifyAdded'] },
        onError: [
          { guard: 'cardDeclined', target: 'editing', actions: ['showDecline', 'focusFirstError'] },
          { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
        ],
      },
    },
    added: { type: 'final' },
  },
  output: ({ context }) => context.added,
});
