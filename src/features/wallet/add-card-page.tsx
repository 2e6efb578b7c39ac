import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { addCardMachine } from '../../../machines/add-card.machine';
import { addCardView } from '../../../machines/add-card.view';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { PAYMENT_METHODS_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { appInspect } from '../../lib/app-inspector';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { useWalletCalls } from './use-wallet-calls';
import { ADD_CARD_FORM_ID, AddCardForm } from './add-card-form';

const narrow = css({ maxW: 'xl' });
const back = css({ mt: '6' });

/** /settings/payment-methods/add-new-card: renders the add-card machine; once added, back to the list with 'card added'. */
export function AddCardPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const calls = useWalletCalls();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const country = SessionContext.useSelector((snapshot) => snapshot.context.user?.country ?? null);
  const input = useMemo(() => ({ today: Date.now(), country }), [country]);
  const logic = useMemo(
    () =>
      addCardMachine.provide({
        actors: { addCard: calls.addCard },
        actions: {
          focusFirstError: () => focusFirstError(ADD_CARD_FORM_ID),
          notifyAdded: () => {
            notify.success(i18n.t('wallet:addCard.added'));
            navigate(PAYMENT_METHODS_PATH);
          },
        },
      }),
    [calls, notify, navigate],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  return (
    <>
      <PageHeader title={tc('routes.addNewCard')} lead={t('addCard.lead')} />
      <div className={`${card} ${narrow}`}>
        <AddCardForm context={state.context} busy={addCardView(state).busy} send={send} />
        <p className={back}>
          <Link href={PAYMENT_METHODS_PATH} className={textLink}>
            {t('addCard.back')}
          </Link>
        </p>
      </div>
    </>
  );
}
