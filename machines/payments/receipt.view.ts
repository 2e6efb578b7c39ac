import type { components } from '../../openapi/schema';
import { STATUS_TONES, statusLabel, type StatusLabel, type StatusTone } from './status-tones';
import { parseAmount } from '../../domain/money/amount';
import { formatMoney, intlLocale } from '../../domain/money/format-money';

/**
 * A receipt (issue 22 item 7): what every success screen and the details pages show about one movement of money —
 * who it went to or came from, amount, fee, total, method, date and time, status, a short reference and where its
 * details are. Pure and Intl-only (no i18next), so it is unit-tested apart from React: amounts and the date are
 * formatted here in the user's language; words (labels, method and status names) are keys of `common:receipt.*`
 * that src/ui/receipt.tsx translates.
 *
 * The reference is the first 8 characters of the movement's payment id, upper-cased ("510E0F9A"): short enough to
 * read out to support, and support finds the movement by that prefix (8 hex digits: 4 billion values, so a clash
 * within one user's history is negligible). The full id stays in the details page's address.
 */
type Payment = components['schemas']['Payment'];
type Deposit = components['schemas']['Deposit'];
/** The facts a withdrawal's receipt needs (a screen that only kept these can still show one). */
type Withdrawal = Pick<
  components['schemas']['Withdrawal'],
  'id' | 'payment_id' | 'created_at' | 'status' | 'destination_label' | 'amount' | 'fee' | 'total'
>;

export type ReceiptSource =
  /** `cardLabel` names the card when the screen knows it ("Visa ····4242"); a payment only carries the card's id. */
  | { kind: 'payment'; payment: Payment; cardLabel?: string | null }
  | { kind: 'deposit'; deposit: Deposit }
  | { kind: 'withdrawal'; withdrawal: Withdrawal };

export interface ReceiptOptions {
  /** The UI language (en, es, pt). */
  lang: string;
  /** For tests and the server; screens leave it out and get the device's zone. */
  timeZone?: string;
}

type ReceiptLabel = 'to' | 'from' | 'amount' | 'fee' | 'total' | 'method' | 'date' | 'status' | 'reference';
type ReceiptWord =
  | 'method.balance'
  | 'method.card'
  | 'method.usdt'
  | 'method.none'
  | 'status.created'
  | 'status.awaiting'
  | 'status.pendingReply'
  | 'status.actionRequired'
  | 'status.processing'
  | 'status.complete'
  | 'status.rejected'
  | 'status.failed'
  | 'status.cancelled'
  | 'status.unknown';
type ReceiptHeadline =
  | 'headline.paid'
  | 'headline.received'
  | 'headline.requested'
  | 'headline.requestedBy'
  | 'headline.deposit'
  | 'headline.withdrawal';
/** The spec's badge colours (section 4): the same tones the activity and wallet badges use. */
type ReceiptTone = StatusTone;

/** A value is either text already formatted (money, a date, a name) or a word to translate. */
export type ReceiptValue = { text: string } | { word: ReceiptWord };
export interface ReceiptLine {
  label: ReceiptLabel;
  value: ReceiptValue;
}

export interface ReceiptView {
  /** "You paid @{{name}}", "Money added", …: a key and the name it takes (empty when it takes none). */
  headline: { key: ReceiptHeadline; name: string };
  /** The amount in large type (what moved, before the fee). */
  amount: string;
  status: { word: ReceiptWord; tone: ReceiptTone };
  reference: string;
  lines: ReceiptLine[];
  /** Which details page and the id it is opened with; the view turns it into a link. */
  details: { page: 'payment' | 'deposit' | 'withdrawal'; id: string };
}

/** "510e0f9a-…" → "510E0F9A". */
export function shortReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTime(iso: string, options: ReceiptOptions): string {
  const locale = intlLocale(options.lang);
  const key = `${locale}|${options.timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

const money = (amount: string, lang: string) => formatMoney(parseAmount(amount) ?? 0, lang);
const text = (value: string): ReceiptValue => ({ text: value });
const word = (value: ReceiptWord): ReceiptValue => ({ word: value });


/** The spec's status names (section 4) as the activity badge shows them, so a receipt and its details agree. */
function paymentStatus(payment: Payment): ReceiptView['status'] {
  const name = statusLabel(payment);
  return { word: `status.${name}` as ReceiptWord, tone: STATUS_TONES[name] };
}

function transferStatus(status: string): ReceiptView['status'] {
  const name: StatusLabel = status in STATUS_TONES && status !== 'awaiting' ? (status as StatusLabel) : 'unknown';
  return { word: `status.${name}` as ReceiptWord, tone: STATUS_TONES[name] };
}

function paymentReceipt(payment: Payment, cardLabel: string | null | undefined, options: ReceiptOptions): ReceiptView {
  const iPay = payment.transaction_type === 'sender';
  const other = (iPay ? payment.receiver_username : payment.sender_username) ?? '';
  const request = payment.type === 'request';
  const headline: ReceiptHeadline = request ? (iPay ? 'headline.requestedBy' : 'headline.requested') : iPay ? 'headline.paid' : 'headline.received';
  const method: ReceiptValue =
    payment.payment_method_id === null
      ? word('method.none')
      : payment.payment_method_id === 'balance'
        ? word('method.balance')
        : cardLabel
          ? text(cardLabel)
          : word('method.card');
  // The payer sees what leaves them (fee and total); the payee gets the amount and never pays a fee.
  const charges: ReceiptLine[] = iPay
    ? [
        { label: 'fee', value: text(money(payment.fee, options.lang)) },
        { label: 'total', value: text(money(payment.total_charge, options.lang)) },
      ]
    : [];
  return {
    headline: { key: headline, name: other },
    amount: money(payment.amount, options.lang),
    status: paymentStatus(payment),
    reference: shortReference(payment.payment_id),
    lines: [
      { label: iPay ? 'to' : 'from', value: text(other ? `@${other}` : '—') },
      { label: 'amount', value: text(money(payment.amount, options.lang)) },
      ...charges,
      { label: 'method', value: method },
      { label: 'date', value: text(dateTime(payment.created_at, options)) },
      { label: 'status', value: word(paymentStatus(payment).word) },
      { label: 'reference', value: text(shortReference(payment.payment_id)) },
    ],
    details: { page: 'payment', id: payment.payment_id },
  };
}

function depositReceipt(deposit: Deposit, options: ReceiptOptions): ReceiptView {
  const status = transferStatus(deposit.status);
  const method: ReceiptValue = deposit.card
    ? text(`${deposit.card.brand.toUpperCase()} ····${deposit.card.last4}`)
    : deposit.method === 'usdt'
      ? word('method.usdt')
      : word('method.card');
  return {
    headline: { key: 'headline.deposit', name: '' },
    amount: money(deposit.amount, options.lang),
    status,
    reference: shortReference(deposit.payment_id),
    lines: [
      { label: 'to', value: word('method.balance') },
      { label: 'amount', value: text(money(deposit.amount, options.lang)) },
      { label: 'fee', value: text(money(deposit.fee, options.lang)) },
      { label: 'total', value: text(money(deposit.total, options.lang)) },
      { label: 'method', value: method },
      { label: 'date', value: text(dateTime(deposit.created_at, options)) },
      { label: 'status', value: word(status.word) },
      { label: 'reference', value: text(shortReference(deposit.payment_id)) },
    ],
    // The wallet pages open a deposit by its id (or the created_at they list it by).
    details: { page: 'deposit', id: deposit.id },
  };
}

function withdrawalReceipt(withdrawal: Withdrawal, options: ReceiptOptions): ReceiptView {
  const status = transferStatus(withdrawal.status);
  return {
    headline: { key: 'headline.withdrawal', name: withdrawal.destination_label },
    amount: money(withdrawal.amount, options.lang),
    status,
    reference: shortReference(withdrawal.payment_id),
    lines: [
      { label: 'to', value: text(withdrawal.destination_label) },
      { label: 'amount', value: text(money(withdrawal.amount, options.lang)) },
      { label: 'fee', value: text(money(withdrawal.fee, options.lang)) },
      { label: 'total', value: text(money(withdrawal.total, options.lang)) },
      // A withdrawal is paid from the balance, always.
      { label: 'method', value: word('method.balance') },
      { label: 'date', value: text(dateTime(withdrawal.created_at, options)) },
      { label: 'status', value: word(status.word) },
      { label: 'reference', value: text(shortReference(withdrawal.payment_id)) },
    ],
    details: { page: 'withdrawal', id: withdrawal.id },
  };
}

export function receiptView(source: ReceiptSource, options: ReceiptOptions): ReceiptView {
  switch (source.kind) {
    case 'payment':
      return paymentReceipt(source.payment, source.cardLabel, options);
    case 'deposit':
      return depositReceipt(source.deposit, options);
    case 'withdrawal':
      return withdrawalReceipt(source.withdrawal, options);
  }
}
