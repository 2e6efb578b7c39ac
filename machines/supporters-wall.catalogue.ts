import { entry } from './catalogue-entry';
import { offline, resolves, succeeds } from './catalogue-samples';
import { apiFailure } from './forms/api-failure';
import { supportersWallMachine, type Supporter, type SupportersWallData } from './supporters-wall.machine';

export const MAYA_ID = '00000000-0000-4000-8000-00000000000a';
const VISITOR_ID = '00000000-0000-4000-8000-00000000000b';

export const benSupporter: Supporter = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Ben Okafor',
  username: 'ben',
  profile_photo: null,
  message: 'Love the coast series',
  created_at: '2026-11-20T10:00:00.000Z',
};
export const anaSupporter: Supporter = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Ana Silva',
  username: 'ana',
  profile_photo: '/api/app/media/pictures/u-ana/k1',
  message: null,
  created_at: '2026-11-19T08:30:00.000Z',
};

/** Two public messages of three supporters. */
export const twoMessages: SupportersWallData = { supporter_count: 3, data: [benSupporter, anaSupporter] };
/** One public message: hiding it empties the wall. */
const oneMessage: SupportersWallData = { supporter_count: 1, data: [benSupporter] };
/** Paid, but nobody chose to be shown. */
const noMessages: SupportersWallData = { supporter_count: 2, data: [] };

/** The server's one answer for a payment not on this wall (someone else's, not shown, unknown): a listed message never meets it. */
export const supporterNotFound = apiFailure(404, { code: 'supporter_not_found', detail: 'This supporter is not on your page.' });

/** The flow atlas entry of `supporters-wall` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: supportersWallMachine,
  purpose:
    "The supporters wall on a pay page: the count and recent public messages (never an amount); the signed-in owner hides one after No / Yes → 'Message hidden' (hiding again is the same 204); a refusal keeps it.",
  views: ['src/features/creators/supporters-wall.tsx'],
  operations: { loadSupporters: ['getSupporters'], hideSupporter: ['hideSupporter'] },
  tests: ['tests/unit/machines/supporters-wall-view.test.ts', 'tests/e2e/supporters-wall.spec.ts', 'tests/api/supporters-wall.test.ts'],
  fake: () => supportersWallMachine.provide({ actors: { loadSupporters: resolves(twoMessages), hideSupporter: succeeds() } }),
  inputs: {
    owner: { username: 'maya', creatorId: MAYA_ID, viewerId: MAYA_ID },
    visitor: { username: 'maya', creatorId: MAYA_ID, viewerId: null },
    otherUser: { username: 'maya', creatorId: MAYA_ID, viewerId: VISITOR_ID },
  },
  events: {
    RETRY: { type: 'RETRY' },
    // A listed message, and one that is not (ignored).
    HIDE: [
      { type: 'HIDE', id: benSupporter.id },
      { type: 'HIDE', id: '00000000-0000-4000-8000-0000000000ff' },
    ],
    CANCEL: { type: 'CANCEL' },
    CONFIRM: { type: 'CONFIRM' },
  },
  invokeResults: {
    loadSupporters: { done: [twoMessages, oneMessage, noMessages], error: [offline] },
    hideSupporter: { done: [undefined], error: [supporterNotFound, offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      viewer: snapshot.context.viewerId,
      shown: snapshot.context.supporters.map((s) => s.id),
      hiding: snapshot.context.hiding?.id ?? null,
    }),
});
