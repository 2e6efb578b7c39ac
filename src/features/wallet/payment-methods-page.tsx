import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paymentMethodsMachine } from '../../../machines/payment-methods.machine';
import { paymentMethodsView } from '../../../machines/payment-methods.view';
import { isApiFailure } from '../../../machines/forms/api-failure';
import { css } from '../../../styled-system/css';
import { ADD_CARD_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText } from '../../ui/page-styles';
import { useWalletCalls } from './use-wallet-calls';

const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
});
const name = css({ fontWeight: 'semibold' });
const top = css({ display: 'flex', justifyContent: 'flex-end', mb: '4' });

const label = (c: { brand: string; last4: string }) => ({ brand: c.brand.toUpperCase(), last4: c.last4 });

/** /settings/payment-methods: renders the payment-methods machine (the cards; remove after No / Yes). */
export function PaymentMethodsPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const calls = useWalletCalls();
  const notify = useNotify();
  const logic = useMemo(
    () =>
      paymentMethodsMachine.provide({
        actors: { loadCards: calls.loadCards, removeCard: calls.removeCard },
        actions: {
          notifyRemoved: () => notify.success(i18n.t('wallet:methods.removed')),
          notifyFailure: (_, { error }) =>
            notify.error(isApiFailure(error) && error.detail ? error.detail : i18n.t('errors:generic')),
        },
      }),
    [calls, notify],
  );
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const view = paymentMethodsView(state);
  const month = (c: { expMonth: number; expYear: number }) => `${String(c.expMonth).padStart(2, '0')}/${c.expYear}`;
  return (
    <>
      <PageHeader title={tc('routes.paymentMethods')} lead={t('methods.lead')} />
      <div className={card}>
        <div className={top}>
          <Link href={ADD_CARD_PATH} className={button()}>
            {t('methods.add')}
          </Link>
        </div>
        {view.loading ? <p role="status">{t('methods.loading')}</p> : null}
        {view.retry ? (
          <div role="alert">
            <p>{t('methods.loadFailed')}</p>
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
              {t('methods.retry')}
            </button>
          </div>
        ) : null}
        {view.cards ? (
          view.cards.length === 0 ? (
            <p className={mutedText}>{t('methods.empty')}</p>
          ) : (
            <ul className={list}>
              {view.cards.map(({ card: c, remove }) => (
                <li key={c.id} className={row}>
                  <span>
                    <span className={name}>{t('methods.cardLabel', label(c))}</span>
                    <span className={`${mutedText} ${css({ display: 'block', fontSize: 'sm' })}`}>{t('methods.expires', { date: month(c) })}</span>
                  </span>
                  <button
                    type="button"
                    className={button({ variant: 'outline', size: 'sm' })}
                    aria-label={t('methods.removeLabel', label(c))}
                    disabled={!remove}
                    onClick={() => send({ type: 'REMOVE', cardId: c.id })}
                  >
                    {t('methods.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {view.removing ? <p role="status">{t('methods.removing')}</p> : null}
      </div>
      <ConfirmDialog
        open={view.dialog.open}
        title={t('methods.confirmTitle')}
        body={view.dialog.card ? t('methods.confirmBody', label(view.dialog.card)) : ''}
        destructive
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </>
  );
}
