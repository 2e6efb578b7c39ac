import type { Purchase } from '../domain/purchase';
import { setUpMachine } from './set-up.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, formKey, offline, resolves } from './catalogue-samples';

/** The flow atlas entry of `set-up` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: setUpMachine,
  purpose: 'Set-up (the only page until done): full name, username, country and e-signature consent; then the stored purchase resumes, or home.',
  views: ['src/features/set-up/set-up-page.tsx'],
  operations: { setUp: ['setUpAccount'], loadPurchase: ['getAccount'] },
  tests: ['tests/unit/machines/account-info-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/api/accounts-setup.test.ts'],
  fake: () =>
    setUpMachine.provide({ actors: { setUp: resolves({ user: activeUser }), loadPurchase: resolves<Purchase | null>(null) } }),
  inputs: { needsSetUp: { userId: activeUser.userId } },
  events: {
    // Every field good, plus a route name as username (refused by the shared rule before any call).
    CHANGE: [
      { type: 'CHANGE', field: 'fullName', value: '  Ana Silva ' },
      { type: 'CHANGE', field: 'username', value: 'ana_silva' },
      { type: 'CHANGE', field: 'country', value: 'BR' },
      { type: 'CHANGE', field: 'eSignatureConsent', value: true },
      { type: 'CHANGE', field: 'username', value: 'settings' },
    ],
    SUBMIT: { type: 'SUBMIT' },
  },
  invokeResults: {
    setUp: { done: [{ user: activeUser }], error: [fieldRefusal(409, 'username_taken', 'username', 'Username already exists'), offline] },
    loadPurchase: { done: [{ creatorUsername: 'mia', pricePointId: 'pp-1' }, null], error: [offline] },
  },
  serializeState: formKey,
});
