// The rule lives here, beside the tones, so the activity badge and the receipt cannot disagree.
/**
 * The payment statuses a badge or a receipt names (spec 3/4), and their colours as the spec's withdrawal table has
 * them: awaiting is orange, a reply due from me blue. One table for the activity badges and the receipts.
 */
export type StatusLabel =
  | 'created'
  | 'awaiting'
  | 'pendingReply'
  | 'actionRequired'
  | 'processing'
  | 'complete'
  | 'rejected'
  | 'failed'
  | 'cancelled'
  | 'unknown';

export type StatusTone = 'green' | 'orange' | 'red' | 'grey' | 'blue';

export const STATUS_TONES: Record<StatusLabel, StatusTone> = {
  created: 'green',
  awaiting: 'orange',
  pendingReply: 'orange',
  actionRequired: 'blue',
  processing: 'grey',
  complete: 'green',
  rejected: 'red',
  failed: 'red',
  cancelled: 'red',
  unknown: 'grey',
};

/**
 * The badge (spec 4): new is Action Required for the creator who must reply and Pending Reply for the fan;
 * a request waiting to be paid and a card payment waiting for its capture are both Awaiting payment; anything
 * the app does not know (a newer server) is Unknown rather than a blank.
 */
export function statusLabel(payment: { status: string; transaction_type?: string | null }): StatusLabel {
  switch (payment.status as string) {
    case 'new':
      return payment.transaction_type === 'receiver' ? 'actionRequired' : 'pendingReply';
    case 'requested':
    case 'awaiting':
      return 'awaiting';
    case 'created':
    case 'processing':
    case 'complete':
    case 'rejected':
    case 'failed':
    case 'cancelled':
      return payment.status as StatusLabel;
    default:
      return 'unknown';
  }
}
