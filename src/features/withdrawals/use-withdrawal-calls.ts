import { useMemo } from 'react';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { withdrawalCalls } from './withdrawal-calls';

export type WithdrawalCalls = ReturnType<typeof withdrawalCalls>;

/** The withdrawal actors for the signed-in user, stable across renders (machines are provided once per page). */
export function useWithdrawalCalls(): WithdrawalCalls {
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  return useMemo(() => withdrawalCalls(api, userId), [api, userId]);
}
