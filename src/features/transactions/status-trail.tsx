import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentTrailLine, PaymentView } from '../../../machines/activity/payment-types';
import { useFormat } from '../../lib/use-format';
import { card, sectionTitle } from '../../ui/page-styles';
import { counterparty, statusLabel } from '../../ui/activity/payment-display';

const list = css({ mt: '4', display: 'grid', gap: '3', listStyle: 'none', p: 0, borderLeftWidth: '2px', borderColor: 'brand.100', pl: '4' });
const who = css({ fontSize: 'sm', color: 'fg.muted' });

/** The payment's trail (its audit events), oldest first: each status it took, when, and by whom. */
export function StatusTrail({ userId, payment, trail }: { userId: string; payment: PaymentView; trail: PaymentTrailLine[] }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const other = counterparty(payment);
  return (
    <section className={card} aria-labelledby="trail-title">
      <h2 id="trail-title" className={sectionTitle}>
        {t('trail.title')}
      </h2>
      <ol className={list} aria-labelledby="trail-title">
        {trail.map((line) => {
          const label = statusLabel({ status: line.to_status, transaction_type: payment.transaction_type });
          const by =
            line.actor === 'system'
              ? t('trail.bySystem')
              : line.actor === userId
                ? t('trail.byYou')
                : t('trail.byThem', { name: other.username ?? t('someone') });
          return (
            <li key={line.id}>
              <span>{t('trail.step', { status: t(`status.${label}`), date: format.date(line.occurred_at, 'dateTime') })}</span>{' '}
              <span className={who}>{by}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
