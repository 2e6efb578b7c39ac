import { setup } from 'xstate';
import { PricePointForm } from '../domain/rules/creator-rules';
import type { ChangeEvent, SubmitEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import { formActions, formIsValid } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';
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

const PRICE_POINT_FIELDS = ['description', 'media_type', 'price'] as const satisfies readonly (keyof PricePointValues)[];
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
    tags: {} as FormTag,
  },
  actors: {
    addPricePoint: hostActor<void, PricePointValues & { userId: string }>('addPricePoint'),
  },
  guards: {
    formIsValid: formIsValid((context: PricePointContext) => problems(context.values)),
  },
  actions: {
    ...formActions<PricePointContext, PricePointEvent, Field>(PRICE_POINT_FIELDS, (context) => problems(context.values)),
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
      tags: 'busy',
      invoke: {
        src: 'addPricePoint',
        input: ({ context }) => ({ userId: context.userId, ...context.values }),
        onDone: { target: 'added', actions: ['notifyAdded', 'backToProfile'] },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    // Back to /profile: the button keeps its working words until the page goes.
    added: { type: 'final', tags: 'busy' },
  },
});
