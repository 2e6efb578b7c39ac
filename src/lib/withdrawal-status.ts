/**
 * Spec 4 "Withdrawal status and badge colour": created and complete green, processing grey, failed, rejected and
 * cancelled red; any other value is 'unknown', grey. Created and processing are in flight ('being processed').
 */
export const WITHDRAWAL_STATUS_TONES = {
  processing: 'grey',
  cancelled: 'red',
  rejected: 'red',
  complete: 'green',
  created: 'green',
  failed: 'red',
  unknown: 'grey',
} as const;

export type WithdrawalStatusLabel = keyof typeof WITHDRAWAL_STATUS_TONES;

export function withdrawalStatusLabel(status: string): WithdrawalStatusLabel {
  return Object.hasOwn(WITHDRAWAL_STATUS_TONES, status) ? (status as WithdrawalStatusLabel) : 'unknown';
}

export const inFlight = (status: string) => status === 'created' || status === 'processing';
