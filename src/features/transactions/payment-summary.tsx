import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { receiptView } from '../../../machines/payments/receipt.view';
import { useLocale } from '../../i18n/use-locale';
import { DetailList, type DetailRow } from '../../ui/detail-list';
import { card, sectionTitle } from '../../ui/page-styles';
import { Receipt } from '../../ui/receipt';

/**
 * The payment's facts (spec 3): the same receipt every success screen shows (issue 22 item 7: to/from, amount, fee,
 * total, method, date and time, status, reference), then the note, the comment count and the media a price point
 * needs.
 */
export function PaymentSummary({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const lang = useLocale();
  const rows: DetailRow[] = [
    [t('details.note'), payment.description?.trim() ? payment.description : t('details.noNote')],
    [t('details.commentCount'), String(payment.messages.length)],
    [t('details.requiredMedia'), payment.media_type ? t(`details.media.${payment.media_type}`) : t('details.noMediaRequired')],
  ];
  return (
    <section className={card} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={sectionTitle}>
        {t('details.summary')}
      </h2>
      <div className={css({ mt: '4' })}>
        <Receipt view={receiptView({ kind: 'payment', payment }, { lang })} detailsLink={false} headingLevel={3} />
      </div>
      <DetailList rows={rows} />
    </section>
  );
}
