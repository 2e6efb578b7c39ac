import { fromPromise, type SnapshotFrom } from 'xstate';
import { entry, type CatalogueEntry } from './catalogue-entry';
import { AUTOCOMPLETE_DEBOUNCE_MS, NOTIFICATION_TIMEOUT_MS, USER_SEARCH_MIN_CHARS, VERSION_POLL_MS } from '../domain/limits';
import type { Purchase } from '../domain/purchase';
import type { SessionUser } from '../domain/session-user';
import { MAX_VISIBLE_NOTIFICATIONS, notificationsMachine, toastMachine, type Notification } from './notifications.machine';
import { homeActivityMachine, type HomeData } from './home-activity.machine';
import { paymentActionsMachine } from './payment-actions.machine';
import { paymentLifecycleMachine, REMINDER_INTERVAL_MS } from './payment-lifecycle.machine';
import { centsFromInput } from '../domain/money/amount-input';
import type { Funding } from './payments/funding';
import type { Person } from './payments/person';
import { recipientSearchMachine } from './recipient-search.machine';
import { findPeopleMachine, type PeopleLists } from './find-people.machine';
import { inviteFriendsMachine } from './invite-friends.machine';
import { phoneVerificationMachine, type PhoneDetails } from './phone-verification.machine';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../domain/limits';
import { requestPaymentMachine } from './request-payment.machine';
import { pricePointMachine } from './price-point.machine';
import { profileMachine, type PricePoint, type ProfileData } from './profile.machine';
import { publicProfileMachine, type PublicProfileData } from './public-profile.machine';
import { resetPasswordMachine } from './reset-password.machine';
import { changePasswordMachine } from './change-password.machine';
import { emailVerificationMachine } from './email-verification.machine';
import { forgotPasswordMachine } from './forgot-password.machine';
import { apiFailure } from './forms/api-failure';
import { sendPaymentMachine, type CheckoutItem, type FoundReceiver, type SendPaymentContext, type SentPayment } from './send-payment.machine';
import { addCardMachine, ADD_CARD_FIELDS } from './add-card.machine';
import { addMoneyMachine, depositAmountProblem } from './add-money.machine';
import { depositDetailsMachine } from './deposit-details.machine';
import * as deposits from './deposits/samples';
import { paymentMethodsMachine } from './payment-methods.machine';
import { walletOverviewMachine, type WalletOverview } from './wallet-overview.machine';
import { auditMachine, type LedgerCheck, type PaymentAudit } from './audit.machine';
import { sessionMachine } from './session.machine';
import { setUpMachine } from './set-up.machine';
import { signInMachine } from './sign-in.machine';
import { signUpMachine } from './sign-up.machine';
import { thirdPartyScriptMachine } from './third-party-script.machine';
import { transactionDetailsMachine } from './transaction-details.machine';
import { transactionListMachine } from './transaction-list.machine';
import { activeFilterCount, NO_FILTERS } from './activity-search.view';
import { uploadReplyMachine } from './upload-reply.machine';
import * as activity from './activity/samples';
import { depositLifecycleMachine, withdrawalLifecycleMachine } from './transfer-lifecycle.machine';
import { versionCheckMachine } from './version-check.machine';
import { withdrawCatalogue } from './wallet/withdraw-catalogue';
import { accountCatalogue } from './catalogue-account';
import { liveSamples, transferSample } from './live/live-updates';
import { statementCatalogue } from './statements/statement-catalogue';
import { supportersWallCatalogue } from './supporters/supporters-wall-catalogue';
import { moneySummaryCatalogue } from './money-summary/money-summary-catalogue';

/**
 * The flow atlas's registry (issue 9): every machine in `machines/`, with what it takes to run on its own.
 * `npm run flows` draws each one into `docs/flows/`, the model tests (`tests/model/<name>.model.test.ts`) replay
 * the paths generated from the same samples and inputs, and the explorer (later) steps it with the same fakes —
 * so the diagrams, the generated paths in the docs and the tests cannot describe different machines.
 * A unit test fails when a `machines/*.machine.ts` file exports a machine that is not listed here.
 *
 * Adding a machine: export it from `machines/<file>.machine.ts`; add an entry below (alphabetical) with its purpose,
 * fakes, inputs and event samples; write `tests/model/<name>.model.test.ts` with `describeModel(...,
 * { ...fromCatalogue(catalogue.<name>), setup, states })`; run `npm run flows` and commit `docs/flows/`.
 *
 * No Node or test imports: the explorer will load this in the browser.
 */
const activeUser: SessionUser = {
  userId: 'u-1',
  email: 'ana@example.com',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'ana',
  country: 'US',
  fullName: 'Ana Silva',
};
/** Signed up but without username and country yet: the set-up route. */
const newUser: SessionUser = { ...activeUser, userId: 'u-2', email: 'bo@example.com', username: null, country: null };

/** The account flows (issue 3): a password that meets every rule, and the server's answers they react to. */
const goodPassword = 'Str0ng!pass';
const newPassword = 'An0ther#pass';
const unverifiedUser: SessionUser = { ...newUser, emailStatus: 'unverified' };
const offline = new Error('Failed to fetch');
const tooMany = apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' });
/** A refusal of one field, as the server words it: `detail` and the field error agree. */
const fieldRefusal = (status: number, code: string, field: string, message: string) =>
  apiFailure(status, { code, detail: message, errors: [{ field, message }] });
/** Form machines: the values and which fields have messages; not the show/hide toggles (each has its own transition). */
const formKey = (snapshot: { value: unknown; context: { values: unknown; errors: object; message: unknown } }) =>
  JSON.stringify({ value: snapshot.value, values: snapshot.context.values, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message });
const resolves = <T>(value: T) => fromPromise<T, any>(async () => value);
/** A stand-in for a call whose answer the machine does not read. */
const succeeds = () => fromPromise<void, any>(async () => {});

/** One notification as the queue gives it to its toast (ids are `notification-<n>`, counted from 1). */
const cardDeclined: Notification = { id: 'notification-1', kind: 'error', message: 'Card declined' };

/** A reminder sent at noon on 2 January 2025 (UTC); the time arrives in the event, the machine has no clock. */
const remindAt = Date.UTC(2025, 0, 2, 12);

/** The payment screens (issue 5): people the search finds, what the payer can pay with, the server's answers. */
const ann: Person = { userId: 'u-ann', username: 'ann', fullName: 'Ann Smith', photo: null };
const annabel: Person = { userId: 'u-annabel', username: 'annabel', fullName: 'Annabel Lee', photo: null };
/** $100.00 available and one card: $12.50 fits the balance, $150 needs the card. */
const funding: Funding = { availableCents: 100_00, cards: [{ id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }] };
const sentPayment: SentPayment = { paymentId: 'pay-42', status: 'complete', amount: '12.50', fee: '0.00', totalCharge: '12.50', holdExpiresAt: null };
/** Annabel's page: a $25.00 sketch (the link's price point), or nothing offered any more. */
const annabelSketch: CheckoutItem = { id: 'pp-1', description: 'Custom pet sketch', mediaType: 'photo', price: '25.00' };
const annabelPage: FoundReceiver = { receiver: annabel, pricePoints: [annabelSketch] };
const annabelPageWithoutItems: FoundReceiver = { receiver: annabel, pricePoints: [] };
const profileNotFound = apiFailure(404, { code: 'profile_not_found', detail: 'Could not find this profile' });
const insufficientFunds = apiFailure(422, { code: 'insufficient_funds', detail: 'Send amount cannot exceed available balance' });
const cardDeclinedFailure = apiFailure(402, {
  code: 'card_declined',
  detail: 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card',
});
/**
 * Payment screens: the step, and of the values only what a later guard reads — who (while choosing), the amount
 * text (while typing it), then whether it fits the $100 balance; whether there is a note (while writing it); the
 * method; which messages show. Keeping the note or the exact amount after its step would multiply the paths
 * without reaching anything new.
 */
const amountClass = (amount: string) => {
  const cents = centsFromInput(amount);
  if (cents === null) return 'none';
  if (cents === 0) return 'zero';
  if (cents < 100) return 'belowCardMinimum';
  return cents <= funding.availableCents ? 'fitsBalance' : 'overBalance';
};
const requestFormKey = (snapshot: { value: unknown; context: { recipient: Person | null; amount: string; message: string; errors: object; failure: unknown } }) => {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    recipient: c.recipient !== null,
    amount: c.amount,
    message: c.message.trim() !== '',
    errors: Object.keys(c.errors),
    failure: c.failure !== null,
  });
};
const sendFormKey = (snapshot: { value: unknown; context: SendPaymentContext }) => {
  const c = snapshot.context;
  const newCard = c.methodId === 'new-card';
  // Before the methods are known, what was typed leads nowhere new: one node per state there (the typing is
  // still replayed and checked; only the graph does not branch on it).
  // Whether a price point is being bought (its checkout) or was dropped is kept: it fixes the amount.
  const checkout = c.pricePointId !== null ? 'item' : c.itemGone ? 'gone' : null;
  if (JSON.stringify(snapshot.value) !== '{"form":"editing"}') return JSON.stringify({ value: snapshot.value, failure: c.failure !== null, funding: c.funding !== null, checkout });
  return JSON.stringify({
    value: snapshot.value,
    // Once the methods are known a dropped price point is a plain payment: only whether the amount is fixed counts.
    fixed: c.pricePointId !== null,
    recipient: c.recipient !== null,
    amount: amountClass(c.amount),
    method: c.methodId,
    // The card only matters while it is the method (it can be typed only then).
    card: newCard ? [Object.values(c.card).every((v) => v !== ''), c.card.number.endsWith('1'), c.saveCard] : undefined,
    // Not which messages show: a refused Pay changes nothing else, and the problems follow from the rest of the key.
    failure: c.failure === null ? null : c.declined ? 'declined' : 'other',
  });
};
/** Sample "now" for the send screen's new card: 1 June 2026 (a card expiring 12/30 is good). */
const SAMPLE_TODAY = Date.UTC(2026, 5, 1);
const GOOD_NEW_CARD = { nameOnCard: 'Ann Smith', number: '4242424242424242', expiry: '12/30', cvv: '123', country: 'US', postalCode: '94107' };

/** The upload screen (issues 5 and 7): a 4 kB JPEG reply, the server's id for it, and its refusals. */
const replyPhoto = { name: 'reply.jpg', size: 4_096, type: 'image/jpeg' };
const uploadedMedia = { mediaId: 'media-1.jpg' };
const fileTooLarge = apiFailure(413, { code: 'file_too_large', detail: 'The file is too large' });
const unsupportedMedia = apiFailure(415, { code: 'media_type_unsupported', detail: 'Upload a photo (JPEG or PNG) or a video (MP4 or MOV).' });
const mediaMismatch = apiFailure(422, { code: 'media_type_mismatch', detail: 'This price point promises a photo: reply with one.' });
/** Phone verification (issue 7): the details the user confirms. */
const phoneDetails: PhoneDetails = { phone: '+14155550100', username: 'ana', full_name: 'Ana Silva', email: 'ana@example.com', confirmed: false };
/** The auditor's page (issue 9): a sound ledger, and a request its requester cancelled. */
const soundLedger: LedgerCheck = { checked_at: '2025-01-02T12:00:00.000Z', entries: 3, accounts: 7, payments: 2, breaches: [] };
const requestId = '6f1c1d4e-3b7a-4c2e-9a51-0d2b8e7f4a10';
const cancelledRequest: PaymentAudit = {
  payment: { payment_id: requestId, type: 'request', status: 'cancelled', amount: '7.00', fee: '0.00', sender_user_id: activeUser.userId, receiver_user_id: newUser.userId },
  trail: [
    { occurred_at: '2025-01-02T12:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: null, to_status: 'created', event: 'CREATE', reason: 'request created', allowed: true },
    { occurred_at: '2025-01-02T12:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: 'created', to_status: 'requested', event: 'REQUEST', reason: 'requested', allowed: true },
    { occurred_at: '2025-01-02T13:00:00.000Z', actor: newUser.userId, role: 'receiver', from_status: 'requested', to_status: 'cancelled', event: 'CANCEL', reason: 'cancelled by the requester', allowed: true },
  ],
  entries: [],
  problems: [],
};
const notFound = apiFailure(404, { code: 'not_found', detail: 'Nothing was found at this address.' });
/** A creator's profile (issue 7): two price points, cheapest first as the server sorts them. */
const photoOffer: PricePoint = { id: 'pp-5', price: '5.00', description: 'A signed photo', media_type: 'photo' };
const videoOffer: PricePoint = { id: 'pp-12', price: '12.00', description: 'A video hello', media_type: 'video' };
const miaProfile: ProfileData = { bio_message: 'Photos of the coast.', price_points: [photoOffer, videoOffer] };
/** The profile page: where it is, the bio typed, its messages, which price points are listed and which is asked about. */
const profileKey = (snapshot: SnapshotFrom<typeof profileMachine>) =>
  JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors),
    message: snapshot.context.message,
    listed: snapshot.context.pricePoints.map((p) => p.id),
    removing: snapshot.context.removing?.id ?? null,
  });

/** Mia's public page as a visitor gets it. */
const miaPublic: PublicProfileData = {
  username: 'mia',
  user_id: 'u-9',
  full_name: 'Mia Costa',
  profile: { bio_message: 'Photos of the coast.', price_point_details: [photoOffer, videoOffer] },
};

/** The wallet screens (issue 6): a balance with one withdrawal and one deposit. */
const overview: WalletOverview = {
  wallet: { balance: '50.00', available: '50.00', held: '0.00' },
  withdrawals: [],
  deposits: [deposits.cardDeposit('complete')],
};
/**
 * The add-card form: where it is, how many fields pass their rule (not which: filling them in any order reaches
 * the same states), how many messages show, and whether the form-level message is a decline.
 */
const addCardKey = (snapshot: SnapshotFrom<typeof addCardMachine>) => {
  const { values, errors, message, declined } = snapshot.context;
  const good = ADD_CARD_FIELDS.filter((f) => values[f] === deposits.goodCard[f]).length;
  return JSON.stringify({ value: snapshot.value, good, errors: Object.keys(errors).length, message: message !== null, declined });
};
/** Add money: the step, whether a card is chosen, the amount as the amount step's guards see it, the messages. */
const addMoneyKey = (snapshot: SnapshotFrom<typeof addMoneyMachine>) => {
  const c = snapshot.context;
  const inCard = snapshot.matches('card');
  return JSON.stringify({
    value: snapshot.value,
    cards: inCard ? c.cards.length : undefined,
    cardId: inCard ? c.cardId : undefined,
    // The exact text only while it is typed; later only whether it is a valid deposit.
    amount: snapshot.matches({ card: 'amount' }) ? c.amount : depositAmountProblem(c.amount) === null,
    errors: Object.keys(c.errors),
    failure: c.failure !== null,
    copied: snapshot.matches('usdt') ? c.copied : undefined,
  });
};

/** Keyed by the name used for `docs/flows/<name>.md` and `tests/model/<name>.model.test.ts`; alphabetical. */
export const catalogue = {
  'add-card': entry({
    machine: addCardMachine,
    purpose: 'Add a card: name (two words), number (15/16 digits, Luhn), expiry, CVV, country, postal code by the shared rules; the processor validates it with no charge → card added, or its decline text.',
    fake: () => addCardMachine.provide({ actors: { addCard: resolves(deposits.addedCard) } }),
    inputs: { fromSettings: { today: deposits.TODAY, country: 'US' } },
    events: {
      // Each field right, then a number that fails the Luhn check.
      CHANGE: [
        ...(Object.keys(deposits.goodCard) as Array<keyof typeof deposits.goodCard>).map((field) => ({
          type: 'CHANGE' as const,
          field,
          value: deposits.goodCard[field],
        })),
        { type: 'CHANGE', field: 'number', value: '4242 4242 4242 4241' },
      ],
      SUBMIT: { type: 'SUBMIT' },
    },
    invokeResults: { addCard: { done: [deposits.addedCard], error: [deposits.cardDeclined, deposits.badNumber, deposits.offline] } },
    serializeState: addCardKey,
  }),
  'add-money': entry({
    machine: addMoneyMachine,
    purpose: 'Add money by card (choose or add a card, amount, confirm with the 5% fee and total, processing, done or declined) or by USDT (address with copy and QR code, pending until confirmed, done).',
    fake: () =>
      addMoneyMachine.provide({
        actors: {
          loadCards: resolves([deposits.savedCard]),
          addCard: addCardMachine.provide({ actors: { addCard: resolves(deposits.addedCard) } }),
          createCardDeposit: resolves(deposits.cardDeposit('processing')),
          watchDeposit: resolves(deposits.cardDeposit('complete')),
          loadUsdtAddress: resolves(deposits.usdtAddress),
          watchUsdtArrival: resolves(deposits.usdtDeposit('created', 0)),
        },
      }),
    inputs: { signedIn: { flowId: 'flow-1', today: deposits.TODAY, country: 'US' } },
    events: {
      CHOOSE_CARD: { type: 'CHOOSE_CARD' },
      CHOOSE_USDT: { type: 'CHOOSE_USDT' },
      // The user's card, and one that is not theirs (ignored).
      SELECT_CARD: [
        { type: 'SELECT_CARD', cardId: deposits.savedCard.id },
        { type: 'SELECT_CARD', cardId: 'card-9' },
      ],
      ADD_CARD: { type: 'ADD_CARD' },
      CANCEL: { type: 'CANCEL' },
      // $50 (charged $52.50), below the $1 minimum, and a keystroke the field refuses.
      CHANGE_AMOUNT: [
        { type: 'CHANGE_AMOUNT', value: '50' },
        { type: 'CHANGE_AMOUNT', value: '0.50' },
        { type: 'CHANGE_AMOUNT', value: '50.505' },
      ],
      NEXT: { type: 'NEXT' },
      BACK: { type: 'BACK' },
      CONFIRM: { type: 'CONFIRM' },
      RETRY: { type: 'RETRY' },
      COPY: { type: 'COPY' },
      CHANGE_CARD: { type: 'CHANGE_CARD' },
    },
    invokeResults: {
      // One card, and none yet (the card step then asks for one).
      loadCards: { done: [[deposits.savedCard], []], error: [offline] },
      addCard: { done: [deposits.addedCard] },
      createCardDeposit: { done: [deposits.cardDeposit('processing')], error: [deposits.cardDeclined, offline] },
      watchDeposit: { done: [deposits.cardDeposit('complete'), deposits.cardDeposit('failed', 'generic_decline')], error: [offline] },
      loadUsdtAddress: { done: [deposits.usdtAddress], error: [offline] },
      watchUsdtArrival: { done: [deposits.usdtDeposit('created', 0)], error: [offline] },
    },
    serializeState: addMoneyKey,
  }),
  // Issue 7's account machines (machines/catalogue-account.ts).
  ...accountCatalogue,
  audit: entry({
    machine: auditMachine,
    purpose: "The auditor's page: the ledger check on arrival (a 404 means no auditor role: the page is not found), then any payment's trail by id.",
    fake: () => auditMachine.provide({ actors: { checkLedger: resolves(soundLedger), auditPayment: resolves(cancelledRequest) } }),
    events: {
      // The id as typed (spaces around it are trimmed), and one that is not an id.
      CHANGE: [
        { type: 'CHANGE', value: ` ${requestId} ` },
        { type: 'CHANGE', value: 'not-a-payment-id' },
      ],
      FIND: { type: 'FIND' },
      RECHECK: { type: 'RECHECK' },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: {
      checkLedger: { done: [soundLedger], error: [notFound, offline] },
      auditPayment: { done: [cancelledRequest], error: [notFound, offline] },
    },
    // What the page shows: the state, the id typed, the message, whether a ledger result and a trail are there.
    serializeState: (s) => JSON.stringify({ value: s.value, typed: s.context.paymentId, message: s.context.message, query: s.context.query, ledger: s.context.ledger !== null, audit: s.context.audit !== null }),
  }),
  'change-password': entry({
    machine: changePasswordMachine,
    purpose: 'Change password while signed in: current, new and confirmation checked by the shared rules; a wrong current password under its field.',
    fake: () => changePasswordMachine.provide({ actors: { changePassword: succeeds() } }),
    inputs: { signedIn: { userId: activeUser.userId } },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'current_password', value: goodPassword },
        { type: 'CHANGE', field: 'password_1', value: newPassword },
        { type: 'CHANGE', field: 'password_2', value: newPassword },
      ],
      SUBMIT: { type: 'SUBMIT' },
      TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'current_password' },
    },
    invokeResults: {
      changePassword: {
        done: [undefined],
        error: [fieldRefusal(400, 'current_password_wrong', 'current_password', 'The current password is incorrect'), tooMany, offline],
      },
    },
    serializeState: formKey,
  }),
  'deposit-lifecycle': entry({
    machine: depositLifecycleMachine,
    purpose: 'The authority on deposit status: a card deposit authorised then captured, a USDT transfer confirming then confirmed, or failed; only the system moves it.',
    // Pure: no actions, no actors, no timers (the role arrives in the event).
    fake: () => depositLifecycleMachine,
    // The system's role lets each event through; the owner's takes no transition (each state's assertion checks it).
    events: {
      AUTHORISED: { type: 'AUTHORISED', role: 'system' },
      CAPTURED: { type: 'CAPTURED', role: 'system' },
      CONFIRMING: { type: 'CONFIRMING', role: 'system' },
      CONFIRMED: { type: 'CONFIRMED', role: 'system' },
      FAILED: { type: 'FAILED', role: 'system' },
    },
  }),
  'deposit-details': entry({
    machine: depositDetailsMachine,
    purpose: 'One deposit (payment id, date, status, charged type and amount, total); read again every 3 s while in flight; "Could not find the transaction" for an unknown, malformed or foreign id.',
    fake: () => depositDetailsMachine.provide({ actors: { loadDeposit: resolves(deposits.cardDeposit('complete')) } }),
    inputs: { withId: { depositId: 'dep-1' }, withoutId: { depositId: null } },
    events: { RETRY: { type: 'RETRY' } },
    invokeResults: {
      loadDeposit: {
        done: [deposits.cardDeposit('processing'), deposits.cardDeposit('complete')],
        error: [deposits.notFound, deposits.malformedId, offline],
      },
    },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, status: snapshot.context.deposit?.status ?? null }),
  }),
  'email-verification': entry({
    machine: emailVerificationMachine,
    purpose: 'Email verification: the 6-digit code typed or carried by the emailed link, resend, the expired link; then the session refreshed or "verified elsewhere".',
    fake: () =>
      emailVerificationMachine.provide({
        actors: { verifyCode: succeeds(), resendCode: succeeds(), loadUser: resolves(activeUser) },
      }),
    inputs: {
      typedSignedIn: { email: 'Ana@example.com', code: null, start: 'code', signedIn: true },
      linkVisitor: { email: 'ana@example.com', code: '123456', start: 'link', signedIn: false },
      expiredLink: { email: 'ana@example.com', code: null, start: 'expiredLink', signedIn: false },
    },
    events: {
      // A whole code, and a partial one with a letter (the letter reads as an empty box).
      CODE_CHANGED: [
        { type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] },
        { type: 'CODE_CHANGED', digits: ['1', 'x', '', '', '', ''] },
      ],
      SUBMIT: { type: 'SUBMIT' },
      RESEND: { type: 'RESEND' },
    },
    invokeResults: {
      verifyTyped: {
        done: [undefined],
        error: [
          fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right.'),
          apiFailure(410, { code: 'otp_expired', detail: 'This code has expired. Ask for a new one.' }),
          apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
          offline,
        ],
      },
      verifyLink: {
        done: [undefined],
        error: [
          fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right.'),
          apiFailure(410, { code: 'otp_expired', detail: 'This code has expired. Ask for a new one.' }),
          apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
        ],
      },
      resendFromCode: { done: [undefined], error: [tooMany, offline] },
      resendFromLink: { done: [undefined], error: [tooMany] },
      loadUser: { done: [activeUser], error: [offline] },
    },
  }),
  'find-people': entry({
    machine: findPeopleMachine,
    purpose: `Find people and connect (/contacts): top people, then search by email, @username or name from ${USER_SEARCH_MIN_CHARS} characters (${AUTOCOMPLETE_DEBOUNCE_MS} ms after typing stops), 'nothing found'; add a contact beside the search.`,
    fake: () =>
      findPeopleMachine.provide({
        actors: { loadPeople: resolves<PeopleLists>({ top: [ann], contacts: [] }), searchUsers: resolves([annabel]), addContact: resolves([ann]) },
        actions: { notifyAdded: () => {}, notifyAddFailed: () => {} },
      }),
    inputs: { signedIn: { userId: activeUser.userId } },
    events: {
      // Too short (back to the top people) and enough to search.
      TYPE: [
        { type: 'TYPE', text: 'an' },
        { type: 'TYPE', text: '@Ann' },
      ],
      // One of the top people, and someone only the search lists.
      ADD: [
        { type: 'ADD', person: ann },
        { type: 'ADD', person: annabel },
      ],
      RETRY: { type: 'RETRY' },
      RETRY_SEARCH: { type: 'RETRY_SEARCH' },
    },
    invokeResults: {
      loadPeople: { done: [{ top: [ann], contacts: [] }], error: [offline] },
      searchUsers: { done: [[annabel], []], error: [offline] },
      addContact: { done: [[ann]], error: [apiFailure(404, { code: 'user_not_found', detail: 'We could not find this user.' })] },
    },
    serializeState: (snapshot) =>
      // Not the text: '' and 'an' behave alike (top people), and only '@Ann' is ever searched.
      JSON.stringify({
        value: snapshot.value,
        results: snapshot.context.results.map((p) => p.userId),
        contacts: snapshot.context.contacts.map((p) => p.userId),
        adding: snapshot.context.adding?.userId ?? null,
      }),
  }),
  'forgot-password': entry({
    machine: forgotPasswordMachine,
    purpose: 'Forgot password: an email → a reset link by email, the same answer whether or not an account exists; send again.',
    fake: () => forgotPasswordMachine.provide({ actors: { sendResetLink: succeeds() } }),
    inputs: { blank: {} },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'email', value: ' Ana@Example.com' },
        { type: 'CHANGE', field: 'email', value: 'ana@' },
      ],
      SUBMIT: { type: 'SUBMIT' },
      SEND_AGAIN: { type: 'SEND_AGAIN' },
      EDIT: { type: 'EDIT' },
    },
    invokeResults: { sendResetLink: { done: [undefined], error: [tooMany, offline] } },
  }),
  'home-activity': entry({
    machine: homeActivityMachine,
    purpose: 'Home: the newest payments and the wallet the first-step cards depend on; retry when they fail to load.',
    fake: () =>
      homeActivityMachine.provide({
        actors: { loadHome: resolves<HomeData>({ recent: [activity.myRequest], balance: '0.00', hasCard: false, profileComplete: false }) },
      }),
    inputs: { signedIn: { userId: activity.ANA_ID } },
    // Live updates (issue 23.4): any change of the user's payments, or a reset of the stream, reads home again.
    events: { RETRY: { type: 'RETRY' }, ...liveSamples(activity.myRequest.payment_id), ...transferSample() },
    invokeResults: {
      // A new user with every step open, and one who has done them all (or whose cards and profile were not read).
      loadHome: {
        done: [
          { recent: [activity.myRequest], balance: '0.00', hasCard: false, profileComplete: false },
          { recent: [], balance: '12.50', hasCard: true, profileComplete: null },
        ],
        error: [activity.offline],
      },
    },
  }),
  'invite-friends': entry({
    machine: inviteFriendsMachine,
    purpose: "Invite friends (/contacts): a friend's email → an emailed invitation with the sign-up link; 'The phone or email is not valid' for a bad address.",
    fake: () => inviteFriendsMachine.provide({ actors: { invite: succeeds() }, actions: { notifySent: () => {} } }),
    inputs: { signedIn: { userId: activeUser.userId } },
    events: {
      CHANGE: [
        { type: 'CHANGE', value: 'friend@example.com' },
        { type: 'CHANGE', value: 'friend@' },
      ],
      SUBMIT: { type: 'SUBMIT' },
    },
    invokeResults: {
      invite: { done: [undefined], error: [fieldRefusal(400, 'validation_failed', 'email', 'The phone or email is not valid'), tooMany, offline] },
    },
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, email: snapshot.context.email, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message }),
  }),
  notifications: entry({
    machine: notificationsMachine,
    purpose: `The messages on screen: at most ${MAX_VISIBLE_NOTIFICATIONS}, a repeat shown once, the oldest dropped when full, each removed when its toast hides, all dismissed at once.`,
    // Nothing to fake: its only effects are the toast children it spawns, whose timers run on the test's clock.
    fake: () => notificationsMachine,
    events: {
      // Five different messages, so a path can fill the queue (four) and then overflow it (isFull); sending one
      // already on screen takes isAlreadyShown. The last has the same text as the one before with another kind:
      // not a repeat, so a guard comparing only the text would show up.
      NOTIFY: [
        { type: 'NOTIFY', kind: 'error', message: 'Card declined' },
        { type: 'NOTIFY', kind: 'success', message: 'Link copied' },
        { type: 'NOTIFY', kind: 'warning', message: 'Bank details differ' },
        { type: 'NOTIFY', kind: 'error', message: 'Something went wrong. Please try again.' },
        { type: 'NOTIFY', kind: 'warning', message: 'Something went wrong. Please try again.' },
      ],
      // What a toast sends when it hides: the first toast (the oldest while the queue has not overflowed) and the
      // second, so a path removes one from the middle too and the others must keep their order.
      TOAST_HIDDEN: [
        { type: 'TOAST_HIDDEN', id: 'notification-1' },
        { type: 'TOAST_HIDDEN', id: 'notification-2' },
      ],
      DISMISS_ALL: { type: 'DISMISS_ALL' },
    },
    // Only how many are shown: ids and the id counter grow forever, and which messages are shown is fixed by the
    // path that got there. Capped one above the maximum, so a queue that overflowed would end the graph (and fail
    // its assertion) instead of growing it.
    serializeState: (snapshot) => JSON.stringify({ toasts: Math.min(snapshot.context.toasts.length, MAX_VISIBLE_NOTIFICATIONS + 1) }),
  }),
  'payment-actions': entry({
    machine: paymentActionsMachine,
    purpose: 'What the user may do with one payment from its status and their role: cancel or remind a request they made, decline or pay one made to them, reply to claim a price point; cancel and remind after a Yes.',
    fake: () =>
      paymentActionsMachine.provide({
        actors: {
          cancelRequest: resolves(activity.myCancelledRequest),
          rejectRequest: resolves(activity.declinedRequestToMe),
          remindRequest: resolves(activity.myRemindedRequest),
        },
      }),
    // One payment per status and role the offer depends on, plus one that offers nothing.
    inputs: {
      myRequest: { userId: activity.ANA_ID, payment: activity.myRequest },
      myRemindedRequest: { userId: activity.ANA_ID, payment: activity.myRemindedRequest },
      requestToMe: { userId: activity.ANA_ID, payment: activity.requestToMe },
      pricePointToMe: { userId: activity.ANA_ID, payment: activity.pricePointToMe },
      pricePointFromMe: { userId: activity.ANA_ID, payment: activity.pricePointFromMe },
      completeSend: { userId: activity.ANA_ID, payment: activity.completeSend },
    },
    events: {
      CANCEL: { type: 'CANCEL' },
      REMIND: { type: 'REMIND' },
      REJECT: { type: 'REJECT' },
      PAY: { type: 'PAY' },
      REPLY: { type: 'REPLY' },
      CONFIRM: { type: 'CONFIRM' },
      DISMISS: { type: 'DISMISS' },
      // Loaded again elsewhere: paid meanwhile (nothing left to do), or still a request of mine.
      PAYMENT_UPDATED: [
        { type: 'PAYMENT_UPDATED', payment: activity.completeSend },
        { type: 'PAYMENT_UPDATED', payment: activity.myRequest },
      ],
    },
    invokeResults: {
      cancelRequest: { done: [activity.myCancelledRequest], error: [activity.notAllowed, activity.offline] },
      rejectRequest: { done: [activity.declinedRequestToMe], error: [activity.notAllowed] },
      remindRequest: { done: [activity.myRemindedRequest], error: [activity.tooSoon] },
    },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, payment: snapshot.context.payment.payment_id, status: snapshot.context.payment.status, actions: snapshot.context.payment.actions }),
  }),
  'payment-methods': entry({
    machine: paymentMethodsMachine,
    purpose: "The user's cards; remove one after a No / Yes confirmation → 'card removed' (one already gone counts as removed).",
    fake: () => paymentMethodsMachine.provide({ actors: { loadCards: resolves([deposits.savedCard]), removeCard: succeeds() } }),
    events: {
      RETRY: { type: 'RETRY' },
      // A listed card, and one that is not (ignored).
      REMOVE: [
        { type: 'REMOVE', cardId: deposits.savedCard.id },
        { type: 'REMOVE', cardId: 'card-9' },
      ],
      CANCEL: { type: 'CANCEL' },
      CONFIRM: { type: 'CONFIRM' },
    },
    invokeResults: {
      loadCards: { done: [[deposits.savedCard]], error: [offline] },
      removeCard: { done: [undefined], error: [deposits.cardNotFound, offline] },
    },
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, cards: snapshot.context.cards.length, removing: snapshot.context.removing?.id ?? null }),
  }),
  'payment-lifecycle': entry({
    machine: paymentLifecycleMachine,
    purpose: 'The authority on payment status: who may move a payment from which status to which; the server records each step in its trail.',
    // Pure: no actions, no actors, no timers (time and roles arrive in the events).
    fake: () => paymentLifecycleMachine,
    // One sample per guard branch that lets an event through: the role each transition needs (DECLINE is the
    // payer's on a request and the creator's on a price point), and both ways a reminder is due. A refused role
    // takes no transition, so it makes no path: each state's assertion checks every role against the machine.
    events: {
      PAY_FROM_BALANCE: { type: 'PAY_FROM_BALANCE', role: 'sender' },
      AUTHORISE_CARD: { type: 'AUTHORISE_CARD', role: 'sender' },
      CAPTURED: { type: 'CAPTURED', role: 'system' },
      CARD_DECLINED: { type: 'CARD_DECLINED', role: 'system' },
      REQUEST: { type: 'REQUEST', role: 'receiver' },
      PAY: { type: 'PAY', role: 'sender' },
      CANCEL: { type: 'CANCEL', role: 'receiver' },
      DECLINE: [
        { type: 'DECLINE', role: 'sender' },
        { type: 'DECLINE', role: 'receiver' },
      ],
      REMIND: [
        { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: null },
        { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: remindAt - REMINDER_INTERVAL_MS },
      ],
      HOLD_FUNDS: { type: 'HOLD_FUNDS', role: 'sender' },
      REPLY_WITH_MEDIA: { type: 'REPLY_WITH_MEDIA', role: 'receiver' },
      EXPIRE: { type: 'EXPIRE', role: 'system' },
    },
  }),
  'recipient-search': entry({
    machine: recipientSearchMachine,
    purpose: `Finds whom to pay or ask: suggestions by @username, email or name from ${USER_SEARCH_MIN_CHARS} characters, ${AUTOCOMPLETE_DEBOUNCE_MS} ms after typing stops; 'nothing found'; the choice dropped once the text stops naming it.`,
    fake: () => recipientSearchMachine.provide({ actors: { searchUsers: resolves([ann, annabel]) }, actions: { reportSelection: () => {} } }),
    inputs: { blank: {}, chosen: { selected: ann } },
    events: {
      // Too short; the chosen person's username (keeps a choice, else searches); another name (drops it, searches).
      TYPE: [
        { type: 'TYPE', text: 'an' },
        { type: 'TYPE', text: 'ann' },
        { type: 'TYPE', text: 'anna' },
      ],
      SELECT: { type: 'SELECT', person: ann },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: { searchUsers: { done: [[ann, annabel], []], error: [offline] } },
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, text: snapshot.context.text, selected: snapshot.context.selected?.userId ?? null, results: snapshot.context.results.length }),
  }),
  'request-payment': entry({
    machine: requestPaymentMachine,
    purpose: 'Request money on one screen: whom to ask, an amount below $500, a note (required), a summary and one button "Request $20.00"; a refusal keeps everything typed.',
    fake: () => requestPaymentMachine.provide({ actors: { requestPayment: resolves({ paymentId: 'pay-43', amount: '20.00' }) } }),
    events: {
      SET_RECIPIENT: [
        { type: 'SET_RECIPIENT', person: ann },
        { type: 'SET_RECIPIENT', person: null },
      ],
      // Good, $500 (not below the limit); "20.505" breaks the input rule and is never taken.
      CHANGE_AMOUNT: [
        { type: 'CHANGE_AMOUNT', value: '20' },
        { type: 'CHANGE_AMOUNT', value: '500' },
        { type: 'CHANGE_AMOUNT', value: '20.505' },
      ],
      CHANGE_MESSAGE: [
        { type: 'CHANGE_MESSAGE', value: 'Dinner on Friday' },
        { type: 'CHANGE_MESSAGE', value: '   ' },
      ],
      SUBMIT: { type: 'SUBMIT' },
    },
    invokeResults: {
      requestPayment: {
        done: [{ paymentId: 'pay-43', amount: '20.00' }],
        error: [apiFailure(404, { code: 'user_not_found', detail: 'Could not find that person.' }), offline],
      },
    },
    serializeState: requestFormKey,
  }),
  'phone-verification': entry({
    machine: phoneVerificationMachine,
    purpose: `Phone verification: a number with its country code (${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits) → a texted code → the code → confirm the details; resend and change number; 'The phone or email is not valid'.`,
    fake: () =>
      phoneVerificationMachine.provide({
        actors: { sendCode: succeeds(), verifyCode: resolves(phoneDetails), confirmPhone: resolves<PhoneDetails>({ ...phoneDetails, confirmed: true }) },
      }),
    inputs: { signedIn: { userId: activeUser.userId } },
    events: {
      // A good number typed with spaces, and one without its country code.
      CHANGE_PHONE: [
        { type: 'CHANGE_PHONE', value: '+1 415 555 0100' },
        { type: 'CHANGE_PHONE', value: '4155550100' },
      ],
      SEND_CODE: { type: 'SEND_CODE' },
      // A whole code, and a partial one with a letter (the letter reads as an empty box).
      CODE_CHANGED: [
        { type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] },
        { type: 'CODE_CHANGED', digits: ['1', 'x', '', '', '', ''] },
      ],
      VERIFY: { type: 'VERIFY' },
      RESEND: { type: 'RESEND' },
      CHANGE_NUMBER: { type: 'CHANGE_NUMBER' },
      CONFIRM: { type: 'CONFIRM' },
    },
    invokeResults: {
      sendFirstCode: {
        done: [undefined],
        error: [fieldRefusal(409, 'phone_taken', 'phone', 'Another account already uses this number.'), tooMany, offline],
      },
      resendCode: { done: [undefined], error: [tooMany] },
      verifyCode: {
        done: [phoneDetails],
        error: [
          fieldRefusal(400, 'otp_invalid', 'code', 'That code is not right. Check the text we sent or ask for a new code.'),
          apiFailure(410, { code: 'otp_locked', detail: 'Too many wrong codes. Ask for a new one.' }),
          offline,
        ],
      },
      confirmPhone: {
        done: [{ ...phoneDetails, confirmed: true }],
        error: [apiFailure(409, { code: 'phone_not_verified', detail: 'Enter your number again: the code is no longer valid.' }), offline],
      },
    },
    serializeState: (snapshot) => {
      const c = snapshot.context;
      return JSON.stringify({
        value: snapshot.value,
        phone: c.phone,
        digits: c.digits.join(''),
        errors: Object.keys(c.errors),
        message: c.message !== null,
        resent: c.resent,
        details: c.details?.confirmed ?? null,
      });
    },
  }),
  'price-point': entry({
    machine: pricePointMachine,
    purpose: 'Add a price point (/profile/price-point): short description, Photo or Video, price from $1 to $500; then "price point added" and back to the profile.',
    fake: () => pricePointMachine.provide({ actors: { addPricePoint: succeeds() } }),
    inputs: { creator: { userId: activeUser.userId } },
    events: {
      // Every field good, plus a price outside the range (refused by the shared rule before any call).
      CHANGE: [
        { type: 'CHANGE', field: 'description', value: 'A signed photo' },
        { type: 'CHANGE', field: 'media_type', value: 'photo' },
        { type: 'CHANGE', field: 'price', value: '5' },
        { type: 'CHANGE', field: 'price', value: '0.50' },
      ],
      SUBMIT: { type: 'SUBMIT' },
    },
    invokeResults: {
      addPricePoint: {
        done: [undefined],
        error: [
          apiFailure(409, { code: 'price_points_limit', detail: 'You can offer at most 12 price points. Remove one to add another.' }),
          fieldRefusal(400, 'validation_failed', 'price', 'The price must be from $1.00 to $500.00.'),
          offline,
        ],
      },
    },
    serializeState: formKey,
  }),
  profile: entry({
    machine: profileMachine,
    purpose: 'My profile (/profile): the bio, and the price points by price ascending; removing one asks first, then "price point removed".',
    fake: () =>
      profileMachine.provide({
        actors: { loadProfile: resolves(miaProfile), saveBio: resolves(miaProfile), removePricePoint: resolves([videoOffer]) },
      }),
    inputs: { creator: { userId: activeUser.userId } },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'bio_message', value: 'Coast and mountains.' },
        { type: 'CHANGE', field: 'bio_message', value: 'x'.repeat(281) },
      ],
      SAVE_BIO: { type: 'SAVE_BIO' },
      // A listed price point, and one that is not (a stale button): the dialog opens only for the first.
      REMOVE: [
        { type: 'REMOVE', id: photoOffer.id },
        { type: 'REMOVE', id: 'pp-gone' },
      ],
      CONFIRM: { type: 'CONFIRM' },
      CANCEL: { type: 'CANCEL' },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: {
      loadProfile: { done: [miaProfile], error: [offline] },
      saveBio: {
        done: [{ ...miaProfile, bio_message: 'Coast and mountains.' }],
        error: [fieldRefusal(400, 'validation_failed', 'bio_message', 'Use at most 280 characters.'), offline],
      },
      removePricePoint: {
        done: [[videoOffer]],
        error: [apiFailure(404, { code: 'price_point_not_found', detail: 'This price point is no longer available.' })],
      },
    },
    serializeState: profileKey,
  }),
  'public-profile': entry({
    machine: publicProfileMachine,
    purpose: 'The public pay page /{username}: one of the amounts, a custom amount or a price point; signed in → the send screen pre-filled, a visitor → sign up with the purchase or sign in.',
    fake: () => publicProfileMachine.provide({ actors: { loadPublicProfile: resolves(miaPublic) } }),
    inputs: {
      visitor: { username: 'mia', signedIn: false, initial: null },
      signedIn: { username: 'Mia', signedIn: true, initial: null },
      // After set-up the stored purchase comes back (router state); a shared link may carry an amount.
      resumedPricePoint: { username: 'mia', signedIn: true, initial: { creatorUsername: 'mia', pricePointId: videoOffer.id } },
      linkWithAmount: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', amount: '7.5' } },
      linkWithPreset: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', amount: '10' } },
      stalePricePoint: { username: 'mia', signedIn: false, initial: { creatorUsername: 'mia', pricePointId: 'pp-gone' } },
      // The page rendered by the server with the profile (issue 23 item 2): it starts choosing, no call.
      serverRendered: { username: 'mia', signedIn: false, initial: null, loaded: miaPublic },
      serverRenderedLink: { username: 'mia', signedIn: true, initial: { creatorUsername: 'mia', amount: '10' }, loaded: miaPublic },
    },
    events: {
      // A preset amount, and one that is not offered (a tampered event): only the first selects.
      SELECT_AMOUNT: [
        { type: 'SELECT_AMOUNT', amount: '10.00' },
        { type: 'SELECT_AMOUNT', amount: '3.00' },
      ],
      SELECT_CUSTOM: { type: 'SELECT_CUSTOM' },
      CHANGE_CUSTOM: [
        { type: 'CHANGE_CUSTOM', value: '7.50' },
        { type: 'CHANGE_CUSTOM', value: '0.5' },
      ],
      SELECT_PRICE_POINT: [
        { type: 'SELECT_PRICE_POINT', id: videoOffer.id },
        { type: 'SELECT_PRICE_POINT', id: 'pp-gone' },
      ],
      // The tip's note (not in the serialised state: any text is the same state).
      CHANGE_NOTE: { type: 'CHANGE_NOTE', value: 'Love the coast series' },
      PAY: { type: 'PAY' },
      BACK: { type: 'BACK' },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: {
      loadPublicProfile: {
        done: [miaPublic],
        error: [apiFailure(404, { code: 'profile_not_found', detail: 'We could not find this page.' }), offline],
      },
    },
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        selection: snapshot.context.selection,
        custom: snapshot.context.customAmount,
        error: snapshot.context.error,
      }),
  }),
  'reset-password': entry({
    machine: resetPasswordMachine,
    purpose: 'Reset password from the emailed link: a new password twice → sign in; an incomplete, invalid, expired or used link says so.',
    fake: () => resetPasswordMachine.provide({ actors: { resetPassword: succeeds() } }),
    inputs: {
      link: { email: 'Ana@example.com', saltcode: 's4lt' },
      brokenLink: { email: 'ana@example.com', saltcode: null },
    },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'password_1', value: goodPassword },
        { type: 'CHANGE', field: 'password_2', value: goodPassword },
      ],
      SUBMIT: { type: 'SUBMIT' },
      TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'password_1' },
    },
    invokeResults: {
      resetPassword: {
        done: [undefined],
        error: [
          apiFailure(410, { code: 'reset_link_expired', detail: 'This reset link has expired. Ask for a new one.' }),
          apiFailure(410, { code: 'reset_link_used', detail: 'This reset link was already used.' }),
          fieldRefusal(400, 'validation_failed', 'password_1', 'Password must contain a symbol'),
          offline,
        ],
      },
    },
    serializeState: formKey,
  }),
  'send-payment': entry({
    machine: sendPaymentMachine,
    purpose: 'Send money on one screen: recipient, amount, note, a method that can pay (the balance only when it covers the total; a saved card; a new card typed in place, saved unless unticked), the fee and total live, and one button "Pay $12.50" — then done, or the server\'s refusal with everything kept. From a creator\'s price point it is the checkout: the item named and priced as offered, the note as the brief.',
    fake: () =>
      sendPaymentMachine.provide({
        actors: { loadFunding: resolves(funding), sendPayment: resolves(sentPayment), findReceiver: resolves(annabelPage) },
      }),
    inputs: {
      blank: { flowId: 'flow-1', today: SAMPLE_TODAY, country: 'US' },
      // A public profile's link: the receiver by username, and a price point at its price.
      fromLink: { flowId: 'flow-4', today: SAMPLE_TODAY, receiverUsername: annabel.username, amount: '25.00', pricePointId: 'pp-1' },
      payingRequest: {
        flowId: 'flow-3',
        today: SAMPLE_TODAY,
        receiver: { userId: ann.userId, username: ann.username },
        amount: '120.00',
        paymentId: 'pay-7',
        request: { note: 'Concert tickets', requestedAt: '2026-11-20T18:30:00.000Z' },
      },
      // A request below $1.00: the balance pays it, a card may not (its amount is fixed, so the method says so).
      payingSmallRequest: { flowId: 'flow-5', today: SAMPLE_TODAY, receiver: { userId: ann.userId, username: ann.username }, amount: '0.50', paymentId: 'pay-8' },
    },
    events: {
      // Someone chosen (the screen starts with nobody: Pay then says who is missing).
      SET_RECIPIENT: { type: 'SET_RECIPIENT', person: ann },
      // Within the $100 balance, above it (a card can pay it), below the $1.00 a card may be charged.
      CHANGE_AMOUNT: [
        { type: 'CHANGE_AMOUNT', value: '12.50' },
        { type: 'CHANGE_AMOUNT', value: '150' },
        { type: 'CHANGE_AMOUNT', value: '0.50' },
      ],
      CHANGE_MESSAGE: { type: 'CHANGE_MESSAGE', value: 'Lunch' },
      // The saved card, the balance, a card typed in place, and a card that is not the payer's (refused).
      SELECT_METHOD: [
        { type: 'SELECT_METHOD', methodId: 'card-1' },
        { type: 'SELECT_METHOD', methodId: 'balance' },
        { type: 'SELECT_METHOD', methodId: 'new-card' },
        { type: 'SELECT_METHOD', methodId: 'card-9' },
      ],
      // A whole good card, one whose number fails the check digit and whose expiry is no month, and an expiry the
      // MM/YY field does not take.
      CHANGE_CARD: [
        { type: 'CHANGE_CARD', values: GOOD_NEW_CARD },
        { type: 'CHANGE_CARD', values: { number: '4242424242424241', expiry: '13/30' } },
        { type: 'CHANGE_CARD', values: { expiry: '1/3/0' } },
      ],
      SET_SAVE_CARD: { type: 'SET_SAVE_CARD', save: false },
      // The supporters wall opt-in (not in the serialised state: the body carries it, see the model tests).
      SET_SHOW_ON_PAGE: { type: 'SET_SHOW_ON_PAGE', show: true },
      SUBMIT: { type: 'SUBMIT' },
      RETRY: { type: 'RETRY' },
    },
    invokeResults: {
      loadFunding: { done: [funding], error: [offline] },
      sendPayment: { done: [sentPayment], error: [insufficientFunds, cardDeclinedFailure, offline] },
      // The link's price point still offered (the checkout), or no longer (a plain payment to the creator).
      findReceiver: { done: [annabelPage, annabelPageWithoutItems], error: [profileNotFound] },
    },
    serializeState: sendFormKey,
  }),
  session: entry({
    machine: sessionMachine,
    purpose: 'Which route set exists: logged out (visitor or expired), needs set-up, or signed in; confirming the session with the server; and logging out.',
    // Storage and navigation actions are no-ops by default; the server calls need stand-ins.
    fake: () =>
      sessionMachine.provide({
        actors: { logout: fromPromise(async () => {}), loadUser: fromPromise(async () => activeUser) },
      }),
    inputs: {
      visitor: { user: null },
      restoredComplete: { user: activeUser },
      restoredIncomplete: { user: newUser },
    },
    events: {
      // Both users, so routing's guards see each branch after every sign-in and update.
      SIGNED_IN: [
        { type: 'SIGNED_IN', user: activeUser },
        { type: 'SIGNED_IN', user: newUser },
      ],
      USER_UPDATED: [
        { type: 'USER_UPDATED', user: activeUser },
        { type: 'USER_UPDATED', user: newUser },
      ],
      REFRESH: { type: 'REFRESH' },
      LOGOUT: { type: 'LOGOUT' },
      UNAUTHORIZED: { type: 'UNAUTHORIZED' },
      SESSION_EXPIRED: { type: 'SESSION_EXPIRED' },
    },
    invokeResults: {
      // The server's answer may complete the set-up (done on another device) or not; a 401 ends the session:
      // `session_expired` → /expired-session, any other → the login route; offline keeps the user.
      loadUser: {
        done: [activeUser, newUser],
        error: [apiFailure(401, { code: 'session_expired' }), apiFailure(401, { code: 'unauthorized' }), new Error('offline')],
      },
    },
  }),
  'set-up': entry({
    machine: setUpMachine,
    purpose: 'Set-up (the only page until done): full name, username, country and e-signature consent; then the stored purchase resumes, or home.',
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
  }),
  'sign-in': entry({
    machine: signInMachine,
    purpose: 'Sign in: email and password → the session; the same message for a wrong password or an unknown email; the rate limit; an unverified email to /check-email.',
    fake: () => signInMachine.provide({ actors: { signIn: resolves({ user: activeUser }) } }),
    inputs: { blank: {} },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'email', value: ' Ana@Example.com ' },
        { type: 'CHANGE', field: 'password', value: goodPassword },
      ],
      SUBMIT: { type: 'SUBMIT' },
      TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'password' },
    },
    invokeResults: {
      signIn: {
        done: [{ user: activeUser }, { user: unverifiedUser }],
        error: [
          apiFailure(401, { code: 'invalid_credentials', detail: 'Email or password is incorrect' }),
          tooMany,
          fieldRefusal(400, 'validation_failed', 'body.email', 'Must be a valid email'),
          offline,
        ],
      },
    },
    serializeState: formKey,
  }),
  'sign-up': entry({
    machine: signUpMachine,
    purpose: 'Sign-up: email, password and confirmation, consent → account created and signed in → /check-email; carries a purchase from a creator page.',
    fake: () => signUpMachine.provide({ actors: { createUser: resolves({ user: unverifiedUser }) } }),
    inputs: { plain: { purchase: null }, withPurchase: { purchase: { creatorUsername: 'mia', amount: '5.00' } } },
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'email', value: 'Ana@Example.com' },
        { type: 'CHANGE', field: 'password', value: goodPassword },
        { type: 'CHANGE', field: 'confirmPassword', value: goodPassword },
        { type: 'CHANGE', field: 'acceptTerms', value: true },
      ],
      SUBMIT: { type: 'SUBMIT' },
      TOGGLE_VISIBILITY: [
        { type: 'TOGGLE_VISIBILITY', field: 'password' },
        { type: 'TOGGLE_VISIBILITY', field: 'confirmPassword' },
      ],
    },
    invokeResults: {
      createUser: { done: [{ user: unverifiedUser }], error: [fieldRefusal(409, 'email_taken', 'email', 'Email already registered'), tooMany, offline] },
    },
    serializeState: formKey,
  }),
  toast: entry({
    machine: toastMachine,
    purpose: `One notification on screen: hides itself after ${NOTIFICATION_TIMEOUT_MS / 1000} s unless the pointer or focus is on it, or when closed, and tells the queue.`,
    // Alone it has no queue to tell (sendParent would fail); the notifications model covers the queue's side.
    fake: () => toastMachine.provide({ actions: { reportHidden: () => {} } }),
    inputs: { shown: cardDeclined },
    // Pointer and focus each way, so paths hold it by both and release one (heldByOther) then the other.
    events: {
      PAUSE: [
        { type: 'PAUSE', by: 'pointer' },
        { type: 'PAUSE', by: 'focus' },
      ],
      RESUME: [
        { type: 'RESUME', by: 'pointer' },
        { type: 'RESUME', by: 'focus' },
      ],
      CLOSE: { type: 'CLOSE' },
    },
  }),
  'third-party-script': entry({
    machine: thirdPartyScriptMachine,
    purpose: 'Loads an optional third-party script (chat widget, session recording) once, after the first render, only when configured.',
    fake: () => thirdPartyScriptMachine.provide({ actions: { reportFailure: () => {} } }),
    inputs: { configured: { src: 'https://chat.vendor.example/loader.js' }, unset: { src: null } },
    events: {},
  }),
  'transaction-details': entry({
    machine: transactionDetailsMachine,
    purpose: 'One payment with its trail and message thread; "Could not find the transaction" for an unknown, malformed or foreign id; a message (with an optional photo or video, uploaded when chosen) kept (and its key reused) until the server has it.',
    fake: () =>
      transactionDetailsMachine.provide({
        actors: {
          loadDetails: resolves({ payment: activity.myRequest, trail: activity.trailOfMyRequest }),
          postMessage: resolves(activity.sampleMessage),
          uploadMedia: resolves(uploadedMedia),
        },
      }),
    inputs: {
      withId: { userId: activity.ANA_ID, paymentId: activity.myRequest.payment_id },
      withoutId: { userId: activity.ANA_ID, paymentId: null },
    },
    events: {
      RETRY: { type: 'RETRY' },
      // A message, then whitespace only (nothing to send).
      TYPE_MESSAGE: [
        { type: 'TYPE_MESSAGE', text: 'Thanks!' },
        { type: 'TYPE_MESSAGE', text: '   ' },
      ],
      SEND_MESSAGE: { type: 'SEND_MESSAGE', key: 'key-1' },
      PAYMENT_CHANGED: { type: 'PAYMENT_CHANGED' },
      // Live updates (issue 23.4): this payment changed (reloaded), another one did (ignored), the stream reset; a
      // deposit completed (ignored: the page shows no balance).
      ...liveSamples(activity.myRequest.payment_id),
      ...transferSample(),
      // A photo to attach, a PDF (not a photo or video), and a video over 100 MB.
      ATTACH_FILE: [
        { type: 'ATTACH_FILE', file: replyPhoto },
        { type: 'ATTACH_FILE', file: { name: 'invoice.pdf', size: 2_000, type: 'application/pdf' } },
        { type: 'ATTACH_FILE', file: { name: 'long.mov', size: 100 * 1024 * 1024 + 1, type: 'video/quicktime' } },
      ],
      REMOVE_ATTACHMENT: { type: 'REMOVE_ATTACHMENT' },
    },
    invokeResults: {
      loadDetails: {
        done: [{ payment: activity.myRequest, trail: activity.trailOfMyRequest }],
        error: [activity.notFound, activity.malformedId, activity.offline],
      },
      postMessage: { done: [activity.sampleMessage], error: [activity.offline] },
      uploadMedia: { done: [uploadedMedia], error: [fileTooLarge, unsupportedMedia, activity.offline] },
    },
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        draft: snapshot.context.draft,
        key: snapshot.context.sendKey,
        messages: Math.min(snapshot.context.details?.payment.messages.length ?? -1, 2),
        // Whether a file is attached and uploaded; not the refusal shown (each has its own step, none changes what
        // can happen next), which would multiply the paths without reaching anything new.
        attachment: snapshot.context.attachment ? snapshot.context.attachment.mediaId !== null : null,
      }),
  }),
  'transaction-list': entry({
    machine: transactionListMachine,
    purpose: 'The activity list: tabs All, Pending, Complete, Pay and Request in ?tab=; one page at a time, the next when the sentinel shows; retry; empty state.',
    fake: () => transactionListMachine.provide({ actors: { loadPage: resolves(activity.firstOfTwoPages) } }),
    inputs: {
      noTab: { userId: activity.ANA_ID, tab: null },
      pendingTab: { userId: activity.ANA_ID, tab: 'pending' },
      // A search in the address (issue 26 item 3).
      searched: { userId: activity.ANA_ID, tab: null, filters: { ...NO_FILTERS, text: 'coffee', min: '5' } },
    },
    events: {
      SELECT_TAB: [
        { type: 'SELECT_TAB', tab: 'all' },
        { type: 'SELECT_TAB', tab: 'request' },
      ],
      SENTINEL_VISIBLE: { type: 'SENTINEL_VISIBLE' },
      RETRY: { type: 'RETRY' },
      // Live updates (issue 23.4): the first page is read again and put on top.
      ...liveSamples(activity.myRequest.payment_id),
      ...transferSample(),
      SET_FILTERS: [
        { type: 'SET_FILTERS', filters: { ...NO_FILTERS, person: '@ann', from: '2026-10-01', to: '2026-10-31' } },
        // Refused: a two-letter note search, a minimum above the maximum.
        { type: 'SET_FILTERS', filters: { ...NO_FILTERS, text: 'co', min: '20', max: '5' } },
      ],
      CLEAR_FILTERS: { type: 'CLEAR_FILTERS' },
    },
    invokeResults: {
      loadPage: { done: [activity.firstOfTwoPages, activity.lastPage, activity.noPayments], error: [activity.offline] },
    },
    // Rows are counted, not compared: the paths differ by which pages arrived, and three pages is enough.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        tab: snapshot.context.tab,
        page: Math.min(snapshot.context.page, 3),
        more: snapshot.context.page < snapshot.context.totalPages,
        filters: activeFilterCount(snapshot.context.filters),
        refused: Object.keys(snapshot.context.filterErrors).length,
      }),
  }),
  'upload-reply': entry({
    machine: uploadReplyMachine,
    purpose: 'A creator replies to a price-point payment with the promised photo or video: the file checked (kind, size), uploaded with progress, then the claim — kept across a failed claim so the bytes go once.',
    fake: () =>
      uploadReplyMachine.provide({
        actors: {
          loadPayment: resolves(activity.pricePointToMe),
          uploadMedia: resolves(uploadedMedia),
          claimPayment: resolves(activity.sampleMessage),
        },
      }),
    inputs: {
      withId: { userId: activity.ANA_ID, paymentId: activity.pricePointToMe.payment_id, claimKey: 'claim-1' },
      withoutId: { userId: activity.ANA_ID, paymentId: null, claimKey: 'claim-2' },
    },
    events: {
      RETRY: { type: 'RETRY' },
      // The promised photo, a photo over 10 MB, and a video (not what was promised).
      CHOOSE_FILE: [
        { type: 'CHOOSE_FILE', file: replyPhoto },
        { type: 'CHOOSE_FILE', file: { name: 'huge.png', size: 10 * 1024 * 1024 + 1, type: 'image/png' } },
        { type: 'CHOOSE_FILE', file: { name: 'clip.mov', size: 2_000, type: '' } },
      ],
      TYPE_CAPTION: { type: 'TYPE_CAPTION', text: 'Here it is' },
      SUBMIT: { type: 'SUBMIT' },
      PROGRESS: { type: 'PROGRESS', sent: 1_000 },
    },
    invokeResults: {
      // The payment to reply to, and one already answered.
      loadPayment: { done: [activity.pricePointToMe, activity.completeSend], error: [activity.notFound, activity.offline] },
      uploadMedia: { done: [uploadedMedia], error: [fileTooLarge, unsupportedMedia, activity.offline] },
      claimPayment: { done: [activity.sampleMessage], error: [mediaMismatch, activity.offline] },
    },
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        file: snapshot.context.file?.name ?? null,
        media: snapshot.context.mediaId !== null,
        caption: snapshot.context.caption !== '',
        sent: snapshot.context.sent > 0,
        problem: snapshot.context.problem,
      }),
  }),
  'version-check': entry({
    machine: versionCheckMachine,
    purpose: `Asks the server for its version every ${VERSION_POLL_MS / 1000} s while the tab is visible; offers a reload when it is newer, and reports a failing check once.`,
    fake: () => versionCheckMachine.provide({ actions: { notifyFailure: () => {}, reload: () => {} } }),
    inputs: { built: { clientVersion: '1.0.2' } },
    events: {
      HIDDEN: { type: 'HIDDEN' },
      VISIBLE: { type: 'VISIBLE' },
      RELOAD: { type: 'RELOAD' },
      DISMISS: { type: 'DISMISS' },
    },
    invokeResults: {
      // Newer (as semver: 1.0.10 > 1.0.2 although "1.0.10" < "1.0.2" as text), equal, older, and not semver.
      fetchServerVersion: { done: ['1.0.10', '1.0.2', '0.9.9', 'latest'], error: [new Error('offline')] },
    },
  }),
  'wallet-overview': entry({
    machine: walletOverviewMachine,
    purpose: 'The withdraw-funds page: balance, withdrawals and deposits read together; a retry when that fails, a re-read on return.',
    fake: () => walletOverviewMachine.provide({ actors: { loadOverview: resolves(overview) } }),
    events: { RETRY: { type: 'RETRY' }, REFRESH: { type: 'REFRESH' }, ...liveSamples(activity.myRequest.payment_id), ...transferSample() },
    invokeResults: { loadOverview: { done: [overview], error: [offline] } },
  }),
  'withdrawal-lifecycle': entry({
    machine: withdrawalLifecycleMachine,
    purpose: 'The authority on withdrawal status: cancellable by its owner while created, then sent and paid, failed or rejected by the payout provider.',
    fake: () => withdrawalLifecycleMachine,
    events: {
      SUBMIT: { type: 'SUBMIT', role: 'system' },
      PAID: { type: 'PAID', role: 'system' },
      FAILED: { type: 'FAILED', role: 'system' },
      REJECTED: { type: 'REJECTED', role: 'system' },
      CANCEL: { type: 'CANCEL', role: 'owner' },
    },
  }),
  // Withdraw, the bank-account wizard and payout linking (issue 6), in their own module.
  ...withdrawCatalogue,
  // The monthly statement screen (issue 26 item 2), in its own module.
  ...statementCatalogue,
  // The supporters wall on the pay page (issue 23 item 2), in its own module.
  ...supportersWallCatalogue,
  // The money chart on Home and the profile (issue 26 item 1), in its own module.
  ...moneySummaryCatalogue,
};

type CatalogueName = keyof typeof catalogue;

/** The entries as one list, in name order, with their types erased (for the atlas generator and checks). */
export const catalogueEntries = (): Array<[string, CatalogueEntry]> =>
  Object.entries(catalogue as Record<string, CatalogueEntry<any>>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // not localeCompare: the same order on every machine
