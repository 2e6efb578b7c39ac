import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { holdView } from '../../../machines/payments/hold.view';
import { receiptView } from '../../../machines/payments/receipt.view';
import { useLocale } from '../../i18n/use-locale';
import { DetailList, type DetailRow } from '../../ui/detail-list';
import { card, sectionTitle } from '../../ui/page-styles';
import { Receipt } from '../../ui/receipt';
import { Avatar } from '../../ui/avatar';
import { HoldPanel } from './hold-panel';
import { counterparty } from '../../ui/activity/payment-display';

const head = css({ display: 'flex', alignItems: 'center', gap: '3' });

/**
 * The payment's facts (spec 3): the same receipt every success screen shows (issue 22 item 7: to/from, amount, fee,
 * total, method, date and time, status, reference), then the note, the comment count and the media a price point
 * needs. A price point's hold comes first (issue 22 item 5): held and the time left, reply by, or refunded.
 */
export function PaymentSummary({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const lang = useLocale();
  const other = counterparty(payment);
  // A price point's hold and the time left, as of this render (the page reads the payment again after any action).
  const hold = holdView(payment, Date.now(), { lang });
  const rows: DetailRow[] = [
    // A price point's description is the item bought (the fan's brief is the conversation's first message).
    [payment.price_point_id ? t('details.item') : t('details.note'), payment.description?.trim() ? payment.description : t('details.noNote')],
    [t('details.commentCount'), String(payment.messages.length)],
    [t('details.requiredMedia'), payment.media_type ? t(`details.media.${payment.media_type}`) : t('details.noMediaRequired')],
  ];
  return (
    <section className={card} aria-labelledby="payment-summary-title">
      <div className={head}>
        {/* Who the payment is with: their photo, or their initials (issue 23). */}
        <Avatar src={other.photo} alt={other.username ?? t('someone')} size="md" eager />
        <h2 id="payment-summary-title" className={sectionTitle}>
          {t('details.summary')}
        </h2>
      </div>
      {hold ? <HoldPanel view={hold} /> : null}
      <div className={css({ mt: '4' })}>
        <Receipt view={receiptView({ kind: 'payment', payment }, { lang })} detailsLink={false} headingLevel={3} />
      </div>
      <DetailList rows={rows} />
    </section>
  );
}
