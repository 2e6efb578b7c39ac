import type { SnapshotFrom } from 'xstate';
import type { depositDetailsMachine } from './deposit-details.machine';

type DepositDetailsSnapshot = Pick<SnapshotFrom<typeof depositDetailsMachine>, 'matches' | 'can'>;

/**
 * What /withdraw-funds/deposit-details shows (issue 24 item 6): which part — the loading line, "could not find the
 * transaction", the failed read with Retry, or the deposit — and whether the "being processed" notice is up (while
 * it is in flight and while it is read again). The page renders this; it does not test state names.
 */
export interface DepositDetailsView {
  part: 'loading' | 'notFound' | 'failed' | 'shown';
  beingProcessed: boolean;
  /** Retry reads again: only after a failed read. */
  retry: boolean;
}

export function depositDetailsView(snapshot: DepositDetailsSnapshot): DepositDetailsView {
  const part: DepositDetailsView['part'] = snapshot.matches('loading') || snapshot.matches('checking')
    ? 'loading'
    : snapshot.matches('notFound')
      ? 'notFound'
      : snapshot.matches('failed')
        ? 'failed'
        : 'shown';
  return {
    part,
    beingProcessed: snapshot.matches('inFlight') || snapshot.matches('refreshing'),
    retry: snapshot.can({ type: 'RETRY' }),
  };
}
