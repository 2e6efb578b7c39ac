import type { SnapshotFrom } from 'xstate';
import type { PaymentView } from './activity/payment-types';
import type { homeActivityMachine } from './home-activity.machine';

type HomeSnapshot = Pick<SnapshotFrom<typeof homeActivityMachine>, 'matches' | 'can' | 'context'>;

/**
 * Home's sections as the home-activity machine shows them (issue 24 item 6): one spinner until the first answer
 * (the cards below would otherwise push the recent payments down), the failure with Retry (the machine takes
 * RETRY), and the recent payments once read (null before).
 */
export interface HomeSectionsView {
  loading: boolean;
  retry: boolean;
  recent: PaymentView[] | null;
}

export function homeSectionsView(snapshot: HomeSnapshot): HomeSectionsView {
  return {
    loading: snapshot.matches('loading'),
    retry: snapshot.can({ type: 'RETRY' }),
    recent: snapshot.context.data?.recent ?? null,
  };
}
