import { assign, fromPromise, setup } from 'xstate';
import { PricePointForm } from '../domain/rules/creator-rules';
import { applyChange, type ChangeEvent, type SubmitEvent } from './forms/form-events';
import { formMessage, hasErrors, serverFieldErrors, withoutError, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';

/**
 * /profile/price-point (signed in): a short description, Photo or Video, and a price → `POST
 * app/user/{userId}/price-points`; then 'price point added' and back to /profile. The limit of active price
 * points is the server's refusal, shown above the button.
 */
export interface PricePointValues {
  description: string;
  media_type: '' | 'photo' | 'video';
  price: string;
}

export const PRICE_POINT_FIELDS = ['description', 'media_type', 'price'] as const satisfies readonly (keyof PricePointValues)[];
type Field = (typeof PRICE_POINT_FIELDS)[number];

export interface PricePointContext {
  userId: string;
  values: PricePointValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
}

export type PricePointEvent = ChangeEvent<PricePointValues> | SubmitEvent;

export interface PricePointInput {
  userId: string;
}

const EMPTY: PricePointValues = { description: '', media_type: '', price: '' };
const problems = (values: PricePointValues) => ruleErrors(PricePointForm, values, PRICE_POINT_FIELDS);

export const pricePointMachine = setup({
  types: {
    context: {} as PricePointContext,
    events: {} as PricePointEvent,
    input: {} as PricePointInput,
  },
  actors: {
    addPricePoint: fromPromise<void, PricePointValues & { userId: string }>(async () => {
      throw new Error('addPricePoint is provided by the host');
    }),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(problems(context.values)),
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return { values: applyChange(context.values, event), errors: withoutError(context.errors, event.field), message: null };
    }),
    showRuleErrors: assign({ errors: ({ context }) => problems(context.values), message: null }),
    clearMessages: assign({ errors: {}, message: null }),
    showServerErrors: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const errors = serverFieldErrors(error, PRICE_POINT_FIELDS);
      return { errors, message: formMessage(error, errors) };
    }),
    // Host effects: focus, the 'price point added' notification, back to /profile.
    focusFirstError: () => {},
    notifyAdded: () => {},
    backToProfile: () => {},
  },
}).createMachine({
  id: 'pricePoint',
  context: ({ input }) => ({ userId: input.userId, values: EMPTY, errors: {}, message: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'saving', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'addPricePoint',
        input: ({ context }) => ({ userId: context.userId, ...context.values }),
        onDone: { target: 'added', actions: ['notifyAdded', 'backToProfile'] },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    added: { type: 'final' },
  },
});
