import { assign, fromPromise, setup } from 'xstate';

/**
 * The signed-in user's profile as the shell shows it (the right sidebar: bio, avatar and banner keys). Loaded once
 * per shell; REFRESH after the profile page saves a bio or a picture. A failed load shows the sidebar without them
 * (the default avatar), and the next REFRESH tries again.
 */
export interface ProfileSummary {
  bio_message: string;
  photo_key: string | null;
  background_key: string | null;
}

export interface ProfileSummaryContext {
  userId: string;
  summary: ProfileSummary | null;
}

export type ProfileSummaryEvent = { type: 'REFRESH' };

export interface ProfileSummaryInput {
  userId: string;
}

export const profileSummaryMachine = setup({
  types: {
    context: {} as ProfileSummaryContext,
    events: {} as ProfileSummaryEvent,
    input: {} as ProfileSummaryInput,
  },
  actors: {
    loadSummary: fromPromise<ProfileSummary, { userId: string }>(async () => {
      throw new Error('loadSummary is provided by the host');
    }),
  },
  actions: {
    setSummary: assign((_, summary: ProfileSummary) => ({
      summary: { bio_message: summary.bio_message, photo_key: summary.photo_key, background_key: summary.background_key },
    })),
  },
}).createMachine({
  id: 'profileSummary',
  context: ({ input }) => ({ userId: input.userId, summary: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSummary',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'setSummary', params: ({ event }) => event.output } },
        onError: 'unavailable',
      },
    },
    ready: { on: { REFRESH: 'loading' } },
    unavailable: { on: { REFRESH: 'loading' } },
  },
});
