import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { liveUpdates } from '../../api/live-updates';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { css } from '../../../styled-system/css';
import { transactionDetailsMachine } from '../../../machines/transaction-details.machine';
import { messageComposer } from '../../../machines/transaction-details.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { TRANSACTIONS_PATH } from '../../config/paths';
import { PageHeader } from '../../ui/page-header';
import { textLink } from '../../ui/page-styles';
import { ResourceView, resourceOutcome } from '../../ui/resource-panels';
import { activityCalls } from '../../api/activity-calls';
import { PaymentActionsPanel } from './payment-actions-panel';
import { PaymentSummary } from './payment-summary';
import { MessageThread } from './message-thread';
import { StatusTrail } from './status-trail';
import { uploadCalls } from './upload-calls';

// minmax(0, 1fr): the column is the screen's width, not the widest thing inside (a long id, the file picker);
// an implicit auto column grew to 406 px on a 375 px phone (issue 22).
const stack = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' });

/** /transactions/transaction-details?id= (spec 2/3): renders the transaction-details machine. */
export function TransactionDetailsPage() {
  const { t } = useTranslation('activity');
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const [params] = useSearchParams();
  const paymentId = params.get('id');
  const logic = useMemo(() => {
    const calls = activityCalls(api);
    return transactionDetailsMachine.provide({
      actors: { loadDetails: calls.loadDetails, postMessage: calls.postMessage, uploadMedia: uploadCalls(api).uploadAttachment, liveUpdates },
    });
  }, [api]);
  const [state, send] = useMachine(logic, { input: { userId, paymentId }, inspect: appInspect });
  const onChanged = useCallback(() => send({ type: 'PAYMENT_CHANGED' }), [send]);
  const { details } = state.context;
  const back = (
    <p>
      <Link href={TRANSACTIONS_PATH} className={textLink}>
        {t('details.backToActivity')}
      </Link>
    </p>
  );

  const body = (
    <ResourceView
      outcome={resourceOutcome(state)}
      found={details}
      texts={{ notFound: t('details.notFound'), notFoundBody: t('details.notFoundBody'), loadFailed: t('details.loadFailed'), retry: t('details.retry') }}
      back={back}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {(found) => (
        <div className={stack}>
          <PaymentSummary payment={found.payment} />
          <PaymentActionsPanel userId={userId} payment={found.payment} onChanged={onChanged} />
          <MessageThread
            userId={userId}
            payment={found.payment}
            composer={messageComposer(state)}
            onAttach={(file) => send({ type: 'ATTACH_FILE', file })}
            onRemoveAttachment={() => send({ type: 'REMOVE_ATTACHMENT' })}
            onType={(text) => send({ type: 'TYPE_MESSAGE', text })}
            onSend={() => send({ type: 'SEND_MESSAGE', key: crypto.randomUUID() })}
          />
          <StatusTrail userId={userId} payment={found.payment} trail={found.trail} />
          {back}
        </div>
      )}
    </ResourceView>
  );
  return (
    <>
      <PageHeader title={t('details.title')} />
      {body}
    </>
  );
}
