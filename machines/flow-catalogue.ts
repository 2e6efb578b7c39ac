/**
 * The flow atlas's index (issue 9; one file per flow since issue 24): every catalogued machine by the name used for
 * `docs/flows/<name>.md` and `tests/model/<name>.model.test.ts`, its entry in `machines/<name>.catalogue.ts` beside
 * the machine, loaded on demand: the explorer (/flows) fetches only the flow on screen; the atlas generator and the
 * tests take them all through machines/catalogue.ts.
 *
 * Adding a machine: export it from `machines/<file>.machine.ts`; write `machines/<name>.catalogue.ts`
 * (`export default entry({...})`: purpose, views, operations, tests, fakes, inputs, event samples; see
 * machines/catalogue-entry.ts) and list it below in name order; write `tests/model/<name>.model.test.ts` with
 * `describeModel(..., { ...fromCatalogue(catalogue.<name>), setup, states })`; run `npm run flows` and commit
 * `docs/flows/`. tests/unit/flows/catalogue.test.ts fails while a machine or a catalogue file is not listed here.
 *
 * No Node or test imports: the explorer loads this in the browser.
 */
const flowCatalogue = {
  'account-info': () => import('./account-info.catalogue'),
  'add-card': () => import('./add-card.catalogue'),
  'add-money': () => import('./add-money.catalogue'),
  audit: () => import('./audit.catalogue'),
  'bank-wizard': () => import('./bank-wizard.catalogue'),
  'change-password': () => import('./change-password.catalogue'),
  'close-account': () => import('./close-account.catalogue'),
  'deposit-details': () => import('./deposit-details.catalogue'),
  'deposit-lifecycle': () => import('./deposit-lifecycle.catalogue'),
  'email-verification': () => import('./email-verification.catalogue'),
  'find-people': () => import('./find-people.catalogue'),
  'forgot-password': () => import('./forgot-password.catalogue'),
  'home-activity': () => import('./home-activity.catalogue'),
  'invite-friends': () => import('./invite-friends.catalogue'),
  'money-summary': () => import('./money-summary.catalogue'),
  notifications: () => import('./notifications.catalogue'),
  'payment-actions': () => import('./payment-actions.catalogue'),
  'payment-lifecycle': () => import('./payment-lifecycle.catalogue'),
  'payment-methods': () => import('./payment-methods.catalogue'),
  'payout-linking': () => import('./payout-linking.catalogue'),
  'phone-verification': () => import('./phone-verification.catalogue'),
  preferences: () => import('./preferences.catalogue'),
  'price-point': () => import('./price-point.catalogue'),
  profile: () => import('./profile.catalogue'),
  'profile-images': () => import('./profile-images.catalogue'),
  'profile-summary': () => import('./profile-summary.catalogue'),
  'public-profile': () => import('./public-profile.catalogue'),
  'recipient-search': () => import('./recipient-search.catalogue'),
  'request-payment': () => import('./request-payment.catalogue'),
  'reset-password': () => import('./reset-password.catalogue'),
  'resource-view': () => import('./resource-view.catalogue'),
  'send-payment': () => import('./send-payment.catalogue'),
  session: () => import('./session.catalogue'),
  'set-up': () => import('./set-up.catalogue'),
  'sign-in': () => import('./sign-in.catalogue'),
  'sign-up': () => import('./sign-up.catalogue'),
  statement: () => import('./statement.catalogue'),
  'supporters-wall': () => import('./supporters-wall.catalogue'),
  'third-party-script': () => import('./third-party-script.catalogue'),
  toast: () => import('./toast.catalogue'),
  'transaction-details': () => import('./transaction-details.catalogue'),
  'transaction-list': () => import('./transaction-list.catalogue'),
  'upload-reply': () => import('./upload-reply.catalogue'),
  'version-check': () => import('./version-check.catalogue'),
  'wallet-overview': () => import('./wallet-overview.catalogue'),
  withdraw: () => import('./withdraw.catalogue'),
  'withdrawal-lifecycle': () => import('./withdrawal-lifecycle.catalogue'),
};

export type FlowName = keyof typeof flowCatalogue;
/** One flow's entry, with its own machine type (so model tests get typed snapshots). */
export type FlowEntry<N extends FlowName> = Awaited<ReturnType<(typeof flowCatalogue)[N]>>['default'];

/** The names in index order (alphabetical). */
export const FLOW_NAMES = Object.keys(flowCatalogue) as FlowName[];

export const isFlowName = (name: string | null): name is FlowName => name !== null && Object.hasOwn(flowCatalogue, name);

/** One flow's entry: one dynamic import, so a chunk of its own in the browser. */
export async function loadFlow<N extends FlowName>(name: N): Promise<FlowEntry<N>> {
  return (await flowCatalogue[name]()).default as FlowEntry<N>;
}
