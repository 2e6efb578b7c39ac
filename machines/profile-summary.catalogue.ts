import { profileSummaryMachine, type ProfileSummary } from './profile-summary.machine';
import { entry } from './catalogue-entry';
import { marta, offline, resolves } from './catalogue-samples';

const summary: ProfileSummary = { bio_message: 'Photos of the coast.', photo_key: 'm-1', background_key: null };

/** The flow atlas entry of `profile-summary` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: profileSummaryMachine,
  purpose: "The shell's copy of the profile (sidebar: bio, avatar and banner keys); reloaded after the profile page saves.",
  views: ['src/layouts/app-shell/right-sidebar.tsx'],
  operations: { loadSummary: ['getProfile'] },
  tests: ['tests/unit/machines/profile-images-view.test.ts', 'tests/unit/machines/profile-summary-view.test.ts', 'tests/e2e/creators.spec.ts'],
  fake: () => profileSummaryMachine.provide({ actors: { loadSummary: resolves(summary) } }),
  inputs: { signedIn: { userId: marta.userId } },
  events: { REFRESH: { type: 'REFRESH' } },
  invokeResults: { loadSummary: { done: [summary], error: [offline] } },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, summary: snapshot.context.summary }),
});
