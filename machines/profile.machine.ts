import { assign, setup } from 'xstate';
import { ProfileForm } from '../domain/rules/creator-rules';
import type { ChangeEvent } from './forms/form-events';
import { formMessage, hasErrors, serverFieldErrors, withoutError, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * /profile (signed in): the bio and the price points. The bio is a one-field form; a price point is removed only
 * after the confirmation dialog (spec 2, "remove price point"), and the list shown is always the server's answer,
 * already sorted by price ascending.
 */
export interface PricePoint {
  id: string;
  price: string;
  description: string;
  media_type: 'photo' | 'video';
}

export interface ProfileData {
  bio_message: string;
  price_points: PricePoint[];
}

export interface ProfileValues {
  bio_message: string;
}

const PROFILE_FIELDS = ['bio_message'] as const;
type Field = (typeof PROFILE_FIELDS)[number];

export interface ProfileContext {
  userId: string;
  /** The bio as saved; `values` is what the user is typing. */
  saved: ProfileValues;
  values: ProfileValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  pricePoints: PricePoint[];
  /** The price point the dialog asks about. */
  removing: PricePoint | null;
}

export type ProfileEvent =
  | ChangeEvent<ProfileValues>
  | { type: 'SAVE_BIO' }
  | { type: 'REMOVE'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface ProfileInput {
  userId: string;
}

const problems = (values: ProfileValues) => ruleErrors(ProfileForm, values, PROFILE_FIELDS);

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    loadProfile: hostActor<ProfileData, { userId: string }>('loadProfile'),
    saveBio: hostActor<ProfileData, { userId: string; bio_message: string }>('saveBio'),
    removePricePoint: hostActor<PricePoint[], { userId: string; pricePointId: string }>('removePricePoint'),
  },
  guards: {
    bioIsValid: ({ context }) => !hasErrors(problems(context.values)),
    isKnownPricePoint: ({ context, event }) => event.type === 'REMOVE' && context.pricePoints.some((p) => p.id === event.id),
  },
  actions: {
    setProfile: assign((_, profile: ProfileData) => ({
      saved: { bio_message: profile.bio_message },
      values: { bio_message: profile.bio_message },
      pricePoints: profile.price_points,
      errors: {},
      message: null,
    })),
    setPricePoints: assign((_, pricePoints: PricePoint[]) => ({ pricePoints, removing: null })),
    setValue: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return { values: { ...context.values, [event.field]: event.value }, errors: withoutError(context.errors, event.field), message: null };
    }),
    showRuleErrors: assign({ errors: ({ context }) => problems(context.values), message: null }),
    clearMessages: assign({ errors: {}, message: null }),
    showServerErrors: assign(({ event }) => {
      const error = errorOf(event);
      const errors = serverFieldErrors(error, PROFILE_FIELDS);
      return { errors, message: formMessage(error, errors) };
    }),
    askToRemove: assign({
      removing: ({ context, event }) => (event.type === 'REMOVE' ? (context.pricePoints.find((p) => p.id === event.id) ?? null) : null),
    }),
    forgetRemoving: assign({ removing: null }),
    // Host effects: notifications and focus.
    focusFirstError: () => {},
    notifyBioSaved: () => {},
    notifyRemoved: () => {},
    // Reads the failure from the event (`error`): the page shows its detail as an error notification.
    notifyRemoveFailed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    userId: input.userId,
    saved: { bio_message: '' },
    values: { bio_message: '' },
    errors: {},
    message: null,
    pricePoints: [],
    removing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'setProfile', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        CHANGE: { actions: 'setValue' },
        SAVE_BIO: [
          { guard: 'bioIsValid', target: 'savingBio', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
        REMOVE: { guard: 'isKnownPricePoint', target: 'confirmingRemove', actions: 'askToRemove' },
      },
    },
    savingBio: {
      invoke: {
        src: 'saveBio',
        input: ({ context }) => ({ userId: context.userId, bio_message: context.values.bio_message }),
        onDone: { target: 'ready', actions: [{ type: 'setProfile', params: ({ event }) => event.output }, 'notifyBioSaved'] },
        onError: { target: 'ready', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    confirmingRemove: {
      on: {
        CONFIRM: 'removing',
        CANCEL: { target: 'ready', actions: 'forgetRemoving' },
      },
    },
    removing: {
      invoke: {
        src: 'removePricePoint',
        input: ({ context }) => ({ userId: context.userId, pricePointId: context.removing!.id }),
        onDone: { target: 'ready', actions: [{ type: 'setPricePoints', params: ({ event }) => event.output }, 'notifyRemoved'] },
        onError: { target: 'ready', actions: ['forgetRemoving', { type: 'notifyRemoveFailed', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});
