import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { useFormat } from '../../lib/use-format';
import { card, sectionTitle } from '../../ui/page-styles';
import { cents } from './payment-display';
import { StatusBadge } from './status-badge';

const list = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '6', rowGap: '2' });
const term = css({ color: 'fg.muted', fontSize: 'sm' });
const value = css({ fontWeight: 'medium', mb: { base: '2', sm: 0 } });

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
  const rows: Array<[string, React.ReactNode]> = [
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
      <dl className={list}>
        {rows.map(([label, content]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={term}>{label}</dt>
            <dd className={value}>{content}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
