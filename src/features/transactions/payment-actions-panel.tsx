import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { paymentActionsMachine } from '../../../machines/payment-actions.machine';
import { ACTION_WORDING, paymentActionsView, type PaymentActionsView } from '../../../machines/payment-actions.view';
import { useApi } from '../../api/use-api';
import { UPLOAD_FILE_PATH, withQuery } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, sectionTitle } from '../../ui/page-styles';
import { activityCalls } from '../../api/activity-calls';
import { cents, counterparty } from '../../ui/activity/payment-display';
import { payRequestTarget } from '../../ui/activity/pay-request';

const row = css({ mt: '4', display: 'flex', flexWrap: 'wrap', gap: '3' });
const text = css({ mt: '2', color: 'fg.muted' });

/** What the user may do with this payment: renders the payment-actions machine and its dialogs. */
export function PaymentActionsPanel({ userId, payment, onChanged }: { userId: string; payment: PaymentView; onChanged: () => void }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const api = useApi();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const logic = useMemo(() => {
    const calls = activityCalls(api);
    return paymentActionsMachine.provide({
      actors: { cancelRequest: calls.cancelRequest, rejectRequest: calls.rejectRequest, remindRequest: calls.remindRequest, declineOrder: calls.declineOrder },
      actions: {
        notifyCancelled: () => notify.success(i18n.t(`activity:${ACTION_WORDING.cancel.toast}`)),
        notifyRejected: () => notify.success(i18n.t(`activity:${ACTION_WORDING.reject.toast}`)),
        notifyReminded: () => notify.success(i18n.t(`activity:${ACTION_WORDING.remind.toast}`)),
        notifyDeclined: () => notify.success(i18n.t(`activity:${ACTION_WORDING.rejectOrder.toast}`)),
        reportChanged: () => onChanged(),
        goToPay: (_, { payment: p }) => navigate(...payRequestTarget(p)),
        goToReply: (_, { payment: p }) => navigate(withQuery(UPLOAD_FILE_PATH, { id: p.payment_id })),
      },
    });
  }, [api, notify, navigate, onChanged]);
  const [state, send] = useMachine(logic, { input: { userId, payment }, inspect: appInspect });

  // The page reloaded the payment (after a message or an action): decide again from the new one.
  useEffect(() => {
    if (payment !== state.context.payment) send({ type: 'PAYMENT_UPDATED', payment });
    // Only a new payment from the page matters; the machine's own copy changes on its answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment]);

  const current = state.context.payment;
  const view = paymentActionsView(state);
  const other = counterparty(current).username ?? t('someone');
  const amount = format.money(cents(current.amount));
  const media = current.media_type ? t(`details.media.${current.media_type}`).toLowerCase() : '';
  const dismiss = () => send({ type: 'DISMISS' });
  const confirm = () => send({ type: 'CONFIRM' });

  if (!view.shown) return null;
  return (
    <section className={card} aria-labelledby="payment-actions-title">
      <h2 id="payment-actions-title" className={sectionTitle}>
        {t('actions.title')}
      </h2>
      {view.note ? <p className={text}>{t(view.note, { media, name: other })}</p> : null}
      <div className={row}>
        {view.buttons.map((b) => (
          <button
            key={b.event.type}
            type="button"
            className={button(b.variant === 'outline' ? { variant: 'outline' } : {})}
            disabled={!b.enabled}
            onClick={() => send(b.event)}
          >
            {t(b.labelKey)}
          </button>
        ))}
        {view.busy ? <span aria-live="polite">{t('actions.busy')}</span> : null}
      </div>
      <ActionDialogs open={view.dialog} amount={amount} other={other} onDismiss={dismiss} onConfirm={confirm} />
    </section>
  );
}

interface ActionDialogsProps {
  open: PaymentActionsView['dialog'];
  /** The payment's amount and the other party's name, as the dialogs say them. */
  amount: string;
  other: string;
  onDismiss: () => void;
  onConfirm: () => void;
}

/** The Yes/No of each action that needs one: cancel, reject and reject an order (destructive), and remind. */
function ActionDialogs({ open, amount, other, onDismiss, onConfirm }: ActionDialogsProps) {
  const { t } = useTranslation('activity');
  return (
    <>
      <ConfirmDialog
        open={open === 'cancel'}
        onCancel={onDismiss}
        onConfirm={onConfirm}
        destructive
        title={t(ACTION_WORDING.cancel.dialogTitle)}
        body={t(ACTION_WORDING.cancel.dialogBody, { amount })}
      />
      <ConfirmDialog
        open={open === 'reject'}
        onCancel={onDismiss}
        onConfirm={onConfirm}
        destructive
        title={t(ACTION_WORDING.reject.dialogTitle)}
        body={t(ACTION_WORDING.reject.dialogBody, { amount, name: other })}
      />
      <ConfirmDialog
        open={open === 'rejectOrder'}
        onCancel={onDismiss}
        onConfirm={onConfirm}
        destructive
        title={t(ACTION_WORDING.rejectOrder.dialogTitle)}
        body={t(ACTION_WORDING.rejectOrder.dialogBody, { amount, name: other })}
      />
      <ConfirmDialog
        open={open === 'remind'}
        onCancel={onDismiss}
        onConfirm={onConfirm}
        title={t(ACTION_WORDING.remind.dialogTitle)}
        body={t(ACTION_WORDING.remind.dialogBody, { amount, name: other })}
      />
    </>
  );
}
