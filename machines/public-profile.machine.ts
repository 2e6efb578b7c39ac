import { assign, setup } from 'xstate';
import { PAY_PAGE_PRESET_CENTS } from '../domain/limits';
import { formatAmount, parseAmount } from '../domain/money/amount';
import type { Purchase } from '../domain/purchase';
import { CustomAmountForm } from '../domain/rules/creator-rules';
import { errorOf, failureStatus } from './forms/api-failure';
import { hostActor } from './forms/host-actor';
import { type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import type { PricePoint } from './profile.machine';

/**
 * The public pay page `/{username}` (spec 2 "Shared public profile"): pick one of the amounts, a custom amount or
 * a price point, then pay. A signed-in user goes to the send screen pre-filled; a visitor is asked to sign up
 * (the purchase travels with the sign-up and resumes after set-up) or sign in (back here with the choice).
 */
export interface PublicProfileData {
  username: string;
  user_id: string;
  full_name: string;
  profile: {
    bio_message: string;
    price_point_details: PricePoint[];
    /** The creator's avatar and banner addresses (issue 23; domain/pictures.ts), null without one. */
    profile_photo?: string | null;
    background_image?: string | null;
  };
}

export const PRESET_AMOUNTS = PAY_PAGE_PRESET_CENTS.map(formatAmount);

type Selection = { kind: 'amount'; amount: string } | { kind: 'custom' } | { kind: 'pricePoint'; id: string };

export interface PublicProfileContext {
  username: string;
  signedIn: boolean;
  /** What the visitor had chosen before (a link's query, or the purchase resumed after set-up). */
  initial: Purchase | null;
  profile: PublicProfileData | null;
  selection: Selection | null;
  customAmount: string;
  /** The payer's note for a tip ("Say something nice"): it goes to the send screen as the payment's message. */
  note: string;
  error: FormMessage | null;
}

export type PublicProfileEvent =
  | { type: 'SELECT_AMOUNT'; amount: string }
  | { type: 'SELECT_CUSTOM' }
  | { type: 'CHANGE_CUSTOM'; value: string }
  | { type: 'SELECT_PRICE_POINT'; id: string }
  | { type: 'CHANGE_NOTE'; value: string }
  | { type: 'PAY' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

export interface PublicProfileInput {
  username: string;
  signedIn: boolean;
  initial: Purchase | null;
  /**
   * The profile the page came with (the server rendered it with this data and embedded it for the app: issue 23
   * item 2): the machine starts choosing, with no call. Absent or null: it loads the profile.
   */
  loaded?: PublicProfileData | null;
}

/** The longest note the send operation takes (openapi `message`, maxLength 500). */
export const NOTE_MAX_LENGTH = 500;

const NOTHING_CHOSEN: FormMessage = { key: 'creators:publicPage.chooseFirst' };

/** The choice restored from a purchase: a listed price point, a preset amount, or a custom amount. */
function selectionFrom(initial: Purchase | null, profile: PublicProfileData): Pick<PublicProfileContext, 'selection' | 'customAmount'> {
  const none = { selection: null, customAmount: '' };
  if (!initial) return none;
  if (initial.pricePointId) {
    const listed = profile.profile.price_point_details.some((p) => p.id === initial.pricePointId);
    return listed ? { selection: { kind: 'pricePoint', id: initial.pricePointId }, customAmount: '' } : none;
  }
  if (initial.amount && parseAmount(initial.amount) !== null) {
    const amount = formatAmount(parseAmount(initial.amount)!);
    return PRESET_AMOUNTS.includes(amount)
      ? { selection: { kind: 'amount', amount }, customAmount: '' }
      : { selection: { kind: 'custom' }, customAmount: amount };
  }
  return none;
}

/** The purchase the current choice stands for (what sign-up stores and the send screen is opened with). */
export function purchaseOf(context: PublicProfileContext): Purchase | null {
  const { selection, profile } = context;
  const creatorUsername = profile?.username ?? context.username;
  if (!selection) return null;
  if (selection.kind === 'amount') return { creatorUsername, amount: selection.amount };
  if (selection.kind === 'custom') {
    const cents = parseAmount(context.customAmount.trim());
    return cents === null ? null : { creatorUsername, amount: formatAmount(cents) };
  }
  const point = profile?.profile.price_point_details.find((p) => p.id === selection.id);
  return point ? { creatorUsername, amount: point.price, pricePointId: point.id } : null;
}

const customProblem = (context: PublicProfileContext) =>
  ruleErrors(CustomAmountForm, { amount: context.customAmount }, ['amount'] as const).amount ?? null;

export const publicProfileMachine = setup({
  types: {
    context: {} as PublicProfileContext,
    events: {} as PublicProfileEvent,
    input: {} as PublicProfileInput,
  },
  actors: {
    loadPublicProfile: hostActor<PublicProfileData, { username: string }>('loadPublicProfile'),
  },
  guards: {
    isNotFound: ({ event }) => failureStatus(errorOf(event)) === 404,
    isListedPricePoint: ({ context, event }) =>
      event.type === 'SELECT_PRICE_POINT' && (context.profile?.profile.price_point_details.some((p) => p.id === event.id) ?? false),
    isPresetAmount: ({ event }) => event.type === 'SELECT_AMOUNT' && PRESET_AMOUNTS.includes(event.amount),
    nothingChosen: ({ context }) => context.selection === null,
    customAmountIsBad: ({ context }) => context.selection?.kind === 'custom' && customProblem(context) !== null,
    isSignedIn: ({ context }) => context.signedIn,
    hasProfile: ({ context }) => context.profile !== null,
  },
  actions: {
    storeProfile: assign(({ context }, profile: PublicProfileData) => ({ profile, ...selectionFrom(context.initial, profile), error: null })),
    restoreChoice: assign(({ context }) => (context.profile ? selectionFrom(context.initial, context.profile) : {})),
    selectAmount: assign({
      selection: ({ event }) => (event.type === 'SELECT_AMOUNT' ? { kind: 'amount' as const, amount: event.amount } : null),
      error: null,
    }),
    selectCustom: assign({ selection: { kind: 'custom' }, error: null }),
    changeCustom: assign({
      selection: { kind: 'custom' },
      customAmount: ({ event }) => (event.type === 'CHANGE_CUSTOM' ? event.value : ''),
      error: null,
    }),
    selectPricePoint: assign({
      selection: ({ event }) => (event.type === 'SELECT_PRICE_POINT' ? { kind: 'pricePoint' as const, id: event.id } : null),
      error: null,
    }),
    changeNote: assign({ note: ({ event }) => (event.type === 'CHANGE_NOTE' ? event.value.slice(0, NOTE_MAX_LENGTH) : '') }),
    askToChoose: assign({ error: NOTHING_CHOSEN }),
    showCustomProblem: assign({ error: ({ context }) => customProblem(context) }),
    // Host effects: the send screen (signed in), focus to the message.
    openSend: (_, _params: { purchase: Purchase; note: string }) => {},
    focusError: () => {},
  },
}).createMachine({
  id: 'publicProfile',
  context: ({ input }) => ({
    username: input.username,
    signedIn: input.signedIn,
    initial: input.initial,
    profile: input.loaded ?? null,
    selection: null,
    customAmount: '',
    note: '',
    error: null,
  }),
  initial: 'opening',
  states: {
    /** With the profile the page came with, straight to the choice; otherwise it is read first. */
    opening: {
      always: [{ guard: 'hasProfile', target: 'choosing', actions: 'restoreChoice' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadPublicProfile',
        input: ({ context }) => ({ username: context.username }),
        onDone: { target: 'choosing', actions: { type: 'storeProfile', params: ({ event }) => event.output } },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed' }],
      },
    },
    notFound: { type: 'final' },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    choosing: {
      on: {
        SELECT_AMOUNT: { guard: 'isPresetAmount', actions: 'selectAmount' },
        SELECT_CUSTOM: { actions: 'selectCustom' },
        CHANGE_CUSTOM: { actions: 'changeCustom' },
        SELECT_PRICE_POINT: { guard: 'isListedPricePoint', actions: 'selectPricePoint' },
        CHANGE_NOTE: { actions: 'changeNote' },
        PAY: [
          { guard: 'nothingChosen', actions: ['askToChoose', 'focusError'] },
          { guard: 'customAmountIsBad', actions: ['showCustomProblem', 'focusError'] },
          {
            guard: 'isSignedIn',
            target: 'leaving',
            actions: { type: 'openSend', params: ({ context }) => ({ purchase: purchaseOf(context)!, note: context.note.trim() }) },
          },
          { target: 'signInNeeded' },
        ],
      },
    },
    /** A visitor's choice is made: sign up with it, or sign in and come back to it. */
    signInNeeded: {
      on: { BACK: 'choosing' },
    },
    leaving: { type: 'final' },
  },
});
