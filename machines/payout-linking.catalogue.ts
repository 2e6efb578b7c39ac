import { payoutLinkingMachine, type LinkedPayoutAccount, type PayoutProviderInfo } from './payout-linking.machine';
import type { SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { OPENS_AT, offline, resolves, stepUpFormKey, wrongPassword } from './catalogue-samples';

export const payoutInfo: PayoutProviderInfo = { provider: 'PayWorld', providerUrl: 'https://payworld.example', linkedEmail: null };
export const linkedAccount: LinkedPayoutAccount = { emailMasked: 'a***@example.com', bankAccountLast4: '5678', withdrawalsOpenAt: OPENS_AT };
const notActivatedRefusal = apiFailure(422, {
  code: 'payout_account_not_activated',
  detail: 'Your PayWorld account is not activated. Log in to PayWorld and complete your account first, then link it again.',
});
const wrongPasswordRefusal = apiFailure(422, { code: 'payout_account_invalid_credentials', detail: 'The PayWorld email or password is incorrect.' });
const payoutKey = (snapshot: SnapshotFrom<typeof payoutLinkingMachine>) => stepUpFormKey(snapshot);

/** The flow atlas entry of `payout-linking` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: payoutLinkingMachine,
  purpose: 'Connect the payout account: credentials (email, password, bank account number), confirm, the Tipjar password, then success, or not activated (start over, visit the provider), wrong credentials, another failure.',
  views: ['src/features/withdrawals/payout-linking-page.tsx'],
  operations: { loadProvider: ['getPayoutAccount'], linkAccount: ['linkPayoutAccount'] },
  tests: ['tests/unit/machines/step-meta.test.ts', 'tests/e2e/withdrawals.spec.ts', 'tests/api/withdrawals.test.ts'],
  fake: () => payoutLinkingMachine.provide({ actors: { loadProvider: resolves(payoutInfo), linkAccount: resolves(linkedAccount) } }),
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'email', value: 'ana@example.com' },
      { type: 'CHANGE', field: 'password', value: 'secret-1' },
      { type: 'CHANGE', field: 'bankAccountNumber', value: '12345678' },
      { type: 'CHANGE', field: 'email', value: 'not an email' },
    ],
    NEXT: { type: 'NEXT' },
    BACK: { type: 'BACK' },
    CONFIRM: { type: 'CONFIRM' },
    START_OVER: { type: 'START_OVER' },
    RETRY: { type: 'RETRY' },
    PASSWORD_SUBMIT: [
      { type: 'PASSWORD_SUBMIT', password: '' },
      { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
    ],
    CANCEL: { type: 'CANCEL' },
  },
  invokeResults: {
    loadProvider: { done: [payoutInfo], error: [offline] },
    linkAccount: { done: [linkedAccount], error: [notActivatedRefusal, wrongPasswordRefusal, offline, wrongPassword] },
  },
  serializeState: payoutKey,
});
