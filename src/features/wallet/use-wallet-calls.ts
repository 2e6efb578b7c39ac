import { useMemo } from 'react';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { walletCalls, type WalletCalls } from './wallet-calls';

/** The wallet actors for the signed-in user, stable across renders (machines are provided once per page). */
export function useWalletCalls(): WalletCalls {
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  return useMemo(() => walletCalls(api, userId), [api, userId]);
}
