import type { SnapshotFrom } from 'xstate';
import { parseAmount } from '../domain/money/amount';
import type { Charge } from '../domain/money/fees';
import type { addCardMachine } from './add-card.machine';
import { depositChargeOf, type addMoneyMachine, type Deposit, type UsdtAddress } from './add-money.machine';
import type { FormMessage } from './forms/field-errors';
import { stepOf } from './forms/step-meta';
import type { PaymentCard } from './payments/funding';

/**
 * What the add-money screen says about a card deposit once it is submitted (issue 22.8): from the submit until the
 * deposit is complete — the card authorised by the request, then captured by the background job, usually within a
 * second — one neutral progress notice with a spinner, never the success colour; the success colour only once the
 * deposit is complete. Read from the machine's state, so a state the screen does not know shows no notice.
 */
export type DepositNotice = { kind: 'progress'; tone: 'neutral' } | { kind: 'added'; tone: 'green' } | null;

/** The states the notice depends on (an add-money snapshot has them). */
export interface AddMoneyStateLike {
  matches(value: 'done' | { card: 'charging' | 'processing' }): boolean;
}

export function depositNoticeOf(state: AddMoneyStateLike): DepositNotice {
  if (state.matches({ card: 'charging' }) || state.matches({ card: 'processing' })) return { kind: 'progress', tone: 'neutral' };
  if (state.matches('done')) return { kind: 'added', tone: 'green' };
  return null;
}

/**
 * Where the add-money screen's way out leads once the money is in (issue 22 item 12): back where the task started —
 * Home, when "Add money" was tapped on Home's balance — or else the wallet screen it belongs to.
 */
export interface AddMoneyExit {
  to: 'home' | 'wallet';
  /** A key of the wallet strings (locales/<lang>/wallet.json). */
  labelKey: 'addMoney.backHome' | 'addMoney.backToWallet';
}

export function addMoneyExit(startedFrom: 'home' | null): AddMoneyExit {
  return startedFrom === 'home' ? { to: 'home', labelKey: 'addMoney.backHome' } : { to: 'wallet', labelKey: 'addMoney.backToWallet' };
}

type AddMoneySnapshot = Pick<SnapshotFrom<typeof addMoneyMachine>, 'matches' | 'can' | 'context' | 'getMeta'>;

/** The card part: the stepper, the one panel on screen, and what its buttons may do. */
export interface AddMoneyCardPart {
  /** 0 the card, 1 the amount, 2 confirm; 3 once the card is authorised (every step complete). */
  step: number;
  panel: 'loading' | 'loadFailed' | 'choosing' | 'addingCard' | 'amount' | 'confirm' | 'processing' | 'declined' | 'failed';
  /** What the form's submit (Enter, or the step's main button) sends now; null when it sends nothing. */
  submit: 'NEXT' | 'CONFIRM' | null;
  /** Back to the step before (shown on the card, amount and confirm steps, and when the cards failed to load). */
  back: boolean;
  /** The user's cards and the one chosen, with "choose a card" when Next found none. */
  choice: { cards: PaymentCard[]; cardId: string | null; error: FormMessage | undefined };
  amount: { value: string; error: FormMessage | undefined };
  /** The card and the charge (amount, 5% fee, total), as confirm, the wait and a failure show them. */
  summary: { card: PaymentCard | null; charge: Charge };
  confirm: boolean;
  /** Declined or failed: the reason; the same card again (only after a failure, not a decline) or another. */
  failure: { message: FormMessage; retry: boolean; changeCard: boolean } | null;
}

/** The USDT part: the address to send to while a transfer is watched for, and what the status line says. */
export interface AddMoneyUsdtPart {
  loading: boolean;
  retry: boolean;
  /** Shown (with its QR code and Copy) while a transfer is watched for or confirmed. */
  address: UsdtAddress | null;
  copy: boolean;
  /** The status region's line: waiting for a transfer, or one seen (its amount) and being confirmed. */
  status: { key: 'addMoney.usdt.waiting' } | { key: 'addMoney.usdt.pending'; amountCents: number } | null;
  /** The network dropped the transfer. */
  dropped: boolean;
  back: boolean;
}

/**
 * The add-money screen as its machine shows it (issue 24 item 6): which part is on screen (the method, the card
 * steps, the USDT address, the money in, or still processing), the stepper's step from the states' `meta.step`, and
 * what each button may do from `can`. The page renders this.
 */
export interface AddMoneyScreen {
  stage: 'method' | 'card' | 'usdt' | 'added' | 'stillProcessing';
  method: { card: boolean; usdt: boolean } | null;
  card: AddMoneyCardPart | null;
  usdt: AddMoneyUsdtPart | null;
  /** The deposit once the money is in (its amount, the receipt), in the success tone. */
  added: { deposit: Deposit; amountCents: number; tone: 'green' } | null;
  /** The deposit a finished or still processing screen links to; null without one. */
  deposit: Deposit | null;
}

const CARD_PANELS = ['loading', 'loadFailed', 'choosing', 'addingCard', 'amount', 'confirm', 'declined', 'failed'] as const;
const CAPTURE_FAILED: FormMessage = { key: 'wallet:addMoney.captureFailed' };

function cardPart(snapshot: AddMoneySnapshot): AddMoneyCardPart {
  const { context } = snapshot;
  const panel = depositNoticeOf(snapshot)?.kind === 'progress' ? 'processing' : (CARD_PANELS.find((p) => snapshot.matches({ card: p })) ?? 'loading');
  const failing = panel === 'declined' || panel === 'failed';
  return {
    step: stepOf(snapshot) ?? 0,
    panel,
    submit: snapshot.can({ type: 'CONFIRM' }) ? 'CONFIRM' : snapshot.can({ type: 'NEXT' }) ? 'NEXT' : null,
    back: snapshot.can({ type: 'BACK' }),
    choice: { cards: context.cards, cardId: context.cardId, error: context.errors.card },
    amount: { value: context.amount, error: context.errors.amount },
    summary: { card: context.cards.find((c) => c.id === context.cardId) ?? null, charge: depositChargeOf(context) },
    confirm: snapshot.can({ type: 'CONFIRM' }),
    failure: failing
      ? { message: context.failure ?? CAPTURE_FAILED, retry: snapshot.can({ type: 'RETRY' }), changeCard: snapshot.can({ type: 'CHANGE_CARD' }) }
      : null,
  };
}

function usdtPart(snapshot: AddMoneySnapshot): AddMoneyUsdtPart {
  const { address, deposit } = snapshot.context;
  const waiting = snapshot.matches({ usdt: 'waiting' });
  const pending = snapshot.matches({ usdt: 'pending' });
  let status: AddMoneyUsdtPart['status'] = null;
  if (waiting) status = { key: 'addMoney.usdt.waiting' };
  else if (pending && deposit) status = { key: 'addMoney.usdt.pending', amountCents: parseAmount(deposit.amount) ?? 0 };
  return {
    loading: snapshot.matches({ usdt: 'loading' }),
    retry: snapshot.can({ type: 'RETRY' }),
    address: waiting || pending ? address : null,
    copy: snapshot.can({ type: 'COPY' }),
    status,
    dropped: snapshot.matches({ usdt: 'dropped' }),
    back: snapshot.can({ type: 'BACK' }),
  };
}

export function addMoneyScreen(snapshot: AddMoneySnapshot): AddMoneyScreen {
  const { deposit } = snapshot.context;
  const notice = depositNoticeOf(snapshot);
  const screen: AddMoneyScreen = { stage: 'method', method: null, card: null, usdt: null, added: null, deposit };
  if (snapshot.matches('card')) return { ...screen, stage: 'card', card: cardPart(snapshot) };
  if (snapshot.matches('usdt')) return { ...screen, stage: 'usdt', usdt: usdtPart(snapshot) };
  if (notice?.kind === 'added' && deposit) return { ...screen, stage: 'added', added: { deposit, amountCents: parseAmount(deposit.amount) ?? 0, tone: notice.tone } };
  if (snapshot.matches('stillProcessing')) return { ...screen, stage: 'stillProcessing' };
  return { ...screen, method: { card: snapshot.can({ type: 'CHOOSE_CARD' }), usdt: snapshot.can({ type: 'CHOOSE_USDT' }) } };
}

/** The add-card form inside add-money (the child machine): busy while the processor checks the card (Add is held). */
export const addCardStepBusy = (snapshot: Pick<SnapshotFrom<typeof addCardMachine>, 'can'>): boolean => !snapshot.can({ type: 'SUBMIT' });
