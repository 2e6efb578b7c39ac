import { assign, setup } from 'xstate';
import { hostActor } from './forms/host-actor';

/**
 * The signed-in user's profile as the shell shows it (the right sidebar: bio, avatar and banner keys, and whether
 * they are a creator, whom alone the sidebar asks for a bio: profile-summary.view.ts). Loaded once
 * per shell; REFRESH after the profile page saves a bio or a picture. A failed load shows the sidebar without them
 * (the default avatar), and the next REFRESH tries again.
 */
export interface ProfileSummary {
  bio_message: string;
  photo_key: string | null;
  background_key: string | null;
  /** The profile's price points (GET …/profile): only whether there are any is kept. */
  price_points?: readonly unknown[];
}

/** What the shell keeps of the profile: the bio and pictures, and whether the user is a creator. */
export interface ShellProfile {
  bio_message: string;
  photo_key: string | null;
  background_key: string | null;
  /** Offers price points (spec 1: a creator offers them; the app has no other creator role). */
  creator: boolean;
}

export interface ProfileSummaryContext {
  userId: string;
  summary: ShellProfile | null;
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
    loadSummary: hostActor<ProfileSummary, { userId: string }>('loadSummary'),
  },
  actions: {
    setSummary: assign((_, summary: ProfileSummary) => ({
      summary: {
        bio_message: summary.bio_message,
        photo_key: summary.photo_key,
        background_key: summary.background_key,
        creator: (summary.price_points?.length ?? 0) > 0,
      },
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
