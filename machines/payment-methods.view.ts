import type { SnapshotFrom } from 'xstate';
import type { paymentMethodsMachine } from './payment-methods.machine';
import type { PaymentCard } from './payments/funding';

type PaymentMethodsSnapshot = Pick<SnapshotFrom<typeof paymentMethodsMachine>, 'matches' | 'can' | 'context'>;

/**
 * The payment-methods page (/settings/payment-methods) as its machine shows it (issue 24 item 6): which part is on
 * screen, each card's Remove from `can` (not while a card is being removed), and the No / Yes dialog.
 */
export interface PaymentMethodsView {
  /** The cards are being read. */
  loading: boolean;
  /** The read failed: the reason and "Try again". */
  retry: boolean;
  /**
   * The cards once read (empty: "no cards yet"), each with whether its Remove may be pressed now: as `can` says, and
   * while the dialog it opened asks, so the dialog can give focus back to it on No (a disabled button loses focus).
   */
  cards: { card: PaymentCard; remove: boolean }[] | null;
  /** A removal is on its way: "Removing…". */
  removing: boolean;
  /** The confirmation: open while it asks; the card it asks about stays named while the dialog closes. */
  dialog: { open: boolean; card: PaymentCard | null };
}

export function paymentMethodsView(snapshot: PaymentMethodsSnapshot): PaymentMethodsView {
  const { cards, removing } = snapshot.context;
  const loading = snapshot.matches('loading');
  const retry = snapshot.can({ type: 'RETRY' });
  const asking = snapshot.matches('confirming');
  return {
    loading,
    retry,
    cards: loading || retry ? null : cards.map((card) => ({ card, remove: asking || snapshot.can({ type: 'REMOVE', cardId: card.id }) })),
    removing: snapshot.matches('removing'),
    dialog: { open: asking, card: removing },
  };
}
