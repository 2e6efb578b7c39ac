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
