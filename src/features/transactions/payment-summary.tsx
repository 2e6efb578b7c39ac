import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { useFormat } from '../../lib/use-format';
import { DetailList, type DetailRow } from '../../ui/detail-list';
import { card, sectionTitle } from '../../ui/page-styles';
import { cents } from './payment-display';
import { StatusBadge } from './status-badge';

/** The display attributes of spec 3: sender, recipient, amount, fee, total charge, pay method, date, status, note, comments, media. */
export function PaymentSummary({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const method =
    payment.payment_method_id === null
      ? t('details.methodNone')
      : payment.payment_method_id === 'balance'
        ? t('details.methodBalance')
        : t('details.methodCard');
  const rows: DetailRow[] = [
    [t('details.sender'), `@${payment.sender_username ?? t('someone')}`],
    [t('details.recipient'), `@${payment.receiver_username ?? t('someone')}`],
    [t('details.amount'), format.money(cents(payment.amount))],
    [t('details.fee'), format.money(cents(payment.fee))],
    [t('details.totalCharge'), format.money(cents(payment.total_charge))],
    [t('details.payMethod'), method],
    [t('details.date'), format.date(payment.created_at, 'dateTime')],
    [t('details.status'), <StatusBadge key="status" payment={payment} />],
    [t('details.note'), payment.description?.trim() ? payment.description : t('details.noNote')],
    [t('details.commentCount'), String(payment.messages.length)],
    [t('details.requiredMedia'), payment.media_type ? t(`details.media.${payment.media_type}`) : t('details.noMediaRequired')],
  ];
  return (
    <section className={card} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={sectionTitle}>
        {t('details.summary')}
      </h2>
      <DetailList rows={rows} />
    </section>
  );
}
