import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { TRANSACTION_DETAILS_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { counterparty, kindKey, signedCents } from './payment-display';
import { RowAvatar } from './row-avatar';
import { StatusBadge } from './status-badge';

const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'lg',
  color: 'fg.default',
  _hover: { bg: 'gray.50' },
});
const who = css({ fontWeight: 'semibold', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const text = css({ minW: 0 });
const when = css({ fontSize: 'sm', color: 'fg.muted' });
const right = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' });
const amountText = css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' });
const incoming = css({ color: 'green.800' });

/**
 * One payment in a list: who, when, how much (signed for me), and its status; opens its details. Memoised: a row
 * already on screen does not render again when the list around it changes (a page appended, a scroll).
 */
export const TransactionRow = memo(function TransactionRow({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const other = counterparty(payment);
  const amount = signedCents(payment);
  return (
    <Link href={withQuery(TRANSACTION_DETAILS_PATH, { id: payment.payment_id })} className={row}>
      <RowAvatar src={other.photo} />
      <span className={text}>
        <span className={who} style={{ display: 'block' }}>
          {t(kindKey(payment), { name: other.username ?? t('someone') })}
        </span>
        <span className={when}>{format.date(payment.created_at)}</span>
      </span>
      <span className={right}>
        <span className={`${amountText} ${amount > 0 ? incoming : ''}`}>{format.signedMoney(amount)}</span>
        <StatusBadge payment={payment} />
      </span>
    </Link>
  );
});
