import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { css } from '../../../styled-system/css';
import { transactionDetailsMachine } from '../../../machines/transaction-details.machine';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { TRANSACTIONS_PATH } from '../../config/paths';
import { PageHeader } from '../../ui/page-header';
import { textLink } from '../../ui/page-styles';
import { LoadFailedPanel, NotFoundPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { activityCalls } from './activity-calls';
import { PaymentActionsPanel } from './payment-actions-panel';
import { PaymentSummary } from './payment-summary';
import { MessageThread } from './message-thread';
import { StatusTrail } from './status-trail';
import { uploadCalls } from './upload-calls';

const stack = css({ display: 'grid', gap: '5' });

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
      actors: { loadDetails: calls.loadDetails, postMessage: calls.postMessage, uploadMedia: uploadCalls(api).uploadAttachment },
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

  let body;
  if (state.matches('notFound')) {
    body = <NotFoundPanel title={t('details.notFound')} body={t('details.notFoundBody')} back={back} />;
  } else if (state.matches('failed')) {
    body = <LoadFailedPanel message={t('details.loadFailed')} retryLabel={t('details.retry')} onRetry={() => send({ type: 'RETRY' })} />;
  } else if (details) {
    body = (
      <div className={stack}>
        <PaymentSummary payment={details.payment} />
        <PaymentActionsPanel userId={userId} payment={details.payment} onChanged={onChanged} />
        <MessageThread
          userId={userId}
          payment={details.payment}
          draft={state.context.draft}
          sending={state.matches({ ready: { thread: 'sending' } })}
          attaching={state.matches({ ready: { thread: 'attaching' } })}
          attachment={state.context.attachment}
          attachProblem={state.context.attachProblem}
          onAttach={(file) => send({ type: 'ATTACH_FILE', file })}
          onRemoveAttachment={() => send({ type: 'REMOVE_ATTACHMENT' })}
          onType={(text) => send({ type: 'TYPE_MESSAGE', text })}
          onSend={() => send({ type: 'SEND_MESSAGE', key: crypto.randomUUID() })}
        />
        <StatusTrail userId={userId} payment={details.payment} trail={details.trail} />
        {back}
      </div>
    );
  } else {
    body = <Spinner />;
  }
  return (
    <>
      <PageHeader title={t('details.title')} />
      {body}
    </>
  );
}
