import { useMemo } from 'react';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { paymentCalls } from '../../api/payment-calls';

export type PaymentCalls = ReturnType<typeof paymentCalls>;

/** The payment actors for the signed-in user, stable across renders (machines are provided once per page). */
export function usePaymentCalls(): PaymentCalls {
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  return useMemo(() => paymentCalls(api, userId), [api, userId]);
}
