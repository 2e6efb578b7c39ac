import type { SnapshotFrom } from 'xstate';
import type { PaymentActionsEvent, paymentActionsMachine } from './payment-actions.machine';

/**
 * One verb per payment action (issue 22 item 4): the button, its dialog's title, the toast after it and the status it
 * leaves all say the same thing, on each side of a request. The requester cancels (status `cancelled`, "Cancelled");
 * the one asked rejects — the lifecycle records that as `rejected` (machines/payment-lifecycle.machine.ts) and the
 * spec's status name is "Rejected", so the verb is "Reject" (es "Rechazar", pt "Recusar"), not "Decline" or "Cancel".
 * A creator's refusal of a fan's price-point order (machine event DECLINE, the lifecycle's name) leaves the same
 * `rejected` status, so it says Reject too ("Reject and refund", "Reject this order?", "Order rejected and refunded").
 * Keys of the `activity` namespace; tests/unit/machines/payment-actions-view.test.ts reads them in en, es and pt.
 */
export const ACTION_WORDING = {
  cancel: {
    button: 'actions.cancel',
    dialogTitle: 'cancelTransactionDialog.title',
    dialogBody: 'cancelTransactionDialog.body',
    toast: 'snackBar.requestCancel.success',
    status: 'status.cancelled',
  },
  reject: {
    button: 'actions.reject',
    dialogTitle: 'rejectTransactionDialog.title',
    dialogBody: 'rejectTransactionDialog.body',
    toast: 'snackBar.requestReject.success',
    status: 'status.rejected',
  },
  rejectOrder: {
    button: 'actions.rejectOrder',
    dialogTitle: 'rejectOrderDialog.title',
    dialogBody: 'rejectOrderDialog.body',
    toast: 'snackBar.orderReject.success',
    status: 'status.rejected',
  },
  remind: {
    button: 'actions.remind',
    dialogTitle: 'sendReminderDialog.title',
    dialogBody: 'sendReminderDialog.body',
    toast: 'snackBar.requestRemind.success',
    // A reminder changes no status.
    status: null,
  },
} as const;

type WordedAction = keyof typeof ACTION_WORDING;

type ActionsSnapshot = Pick<SnapshotFrom<typeof paymentActionsMachine>, 'matches' | 'can'>;

/** One button of the panel: the event it sends, its words (an `activity` key), its look, and whether it may be pressed now. */
interface PaymentActionButton {
  event: Extract<PaymentActionsEvent, { type: 'CANCEL' | 'REMIND' | 'REJECT' | 'PAY' | 'REPLY' | 'DECLINE' }>;
  labelKey: (typeof ACTION_WORDING)[WordedAction]['button'] | 'actions.pay' | 'actions.reply';
  variant: 'outline' | 'solid';
  enabled: boolean;
}

/**
 * The payment's actions panel (issue 24 item 6), read from the payment-actions machine: which buttons are there and
 * which may be pressed come from its states and `can`, so the panel only renders this.
 */
export interface PaymentActionsView {
  /** False when there is nothing to do with this payment: no panel at all. */
  shown: boolean;
  /** The line above the buttons (`activity` key; the page adds the media and the other party's name). */
  note: 'actions.actionRequired' | 'actions.pendingReply' | null;
  buttons: PaymentActionButton[];
  /** A call is on its way ("Working…"). */
  busy: boolean;
  /** The confirmation dialog open now. */
  dialog: 'cancel' | 'reject' | 'rejectOrder' | 'remind' | null;
}

const button = (snapshot: ActionsSnapshot, type: PaymentActionButton['event']['type'], labelKey: PaymentActionButton['labelKey'], variant: PaymentActionButton['variant']): PaymentActionButton => ({
  event: { type },
  labelKey,
  variant,
  enabled: snapshot.can({ type }),
});

export function paymentActionsView(snapshot: ActionsSnapshot): PaymentActionsView {
  const buttons: PaymentActionButton[] = [];
  if (snapshot.matches('requested')) {
    buttons.push(button(snapshot, 'CANCEL', ACTION_WORDING.cancel.button, 'outline'));
    // Offered while the server lists it (one reminder a day), and kept on screen while it is being confirmed or sent.
    if (snapshot.can({ type: 'REMIND' }) || snapshot.matches({ requested: 'confirmingRemind' }) || snapshot.matches({ requested: 'reminding' })) {
      buttons.push(button(snapshot, 'REMIND', ACTION_WORDING.remind.button, 'solid'));
    }
  }
  if (snapshot.matches('askedToPay')) {
    buttons.push(button(snapshot, 'REJECT', ACTION_WORDING.reject.button, 'outline'), button(snapshot, 'PAY', 'actions.pay', 'solid'));
  }
  if (snapshot.matches('actionRequired')) {
    buttons.push(button(snapshot, 'DECLINE', ACTION_WORDING.rejectOrder.button, 'outline'), button(snapshot, 'REPLY', 'actions.reply', 'solid'));
  }
  let dialog: PaymentActionsView['dialog'] = null;
  if (snapshot.matches({ requested: 'confirmingCancel' })) dialog = 'cancel';
  else if (snapshot.matches({ askedToPay: 'confirmingReject' })) dialog = 'reject';
  else if (snapshot.matches({ actionRequired: 'confirmingDecline' })) dialog = 'rejectOrder';
  else if (snapshot.matches({ requested: 'confirmingRemind' })) dialog = 'remind';
  return {
    shown: !snapshot.matches('noActions'),
    note: snapshot.matches('actionRequired') ? 'actions.actionRequired' : snapshot.matches('pendingReply') ? 'actions.pendingReply' : null,
    buttons,
    busy:
      snapshot.matches({ requested: 'cancelling' }) ||
      snapshot.matches({ requested: 'reminding' }) ||
      snapshot.matches({ askedToPay: 'rejecting' }) ||
      snapshot.matches({ actionRequired: 'declining' }),
    dialog,
  };
}
