import type { SnapshotFrom } from 'xstate';
import type { walletOverviewMachine } from './wallet-overview.machine';

type WalletOverviewSnapshot = Pick<SnapshotFrom<typeof walletOverviewMachine>, 'matches' | 'can' | 'context'>;

/**
 * What /withdraw-funds shows above its figures (issue 24 item 6): the loading line on the first read only (a
 * re-read keeps the last figures on screen, without the line), or the failed read with Retry. The page renders
 * this and the figures the machine holds.
 */
export interface WalletOverviewView {
  notice: 'loading' | 'loadFailed' | null;
  retry: boolean;
}

export function walletOverviewView(snapshot: WalletOverviewSnapshot): WalletOverviewView {
  const firstRead = snapshot.matches('loading') && snapshot.context.overview === null;
  return {
    notice: firstRead ? 'loading' : snapshot.matches('failed') ? 'loadFailed' : null,
    retry: snapshot.can({ type: 'RETRY' }),
  };
}
