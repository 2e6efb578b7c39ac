import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cva } from '../../../styled-system/css';
import { activityEntryView } from '../../../machines/activity/activity-entry.view';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { TRANSACTION_DETAILS_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { counterparty } from './payment-display';
import { RowAvatar } from './row-avatar';

const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'lg',
  color: 'fg.default',
  _hover: { bg: 'gray.50' },
});
// Names wrap (a long username breaks anywhere) rather than being cut with an ellipsis (issue 22 item 6).
const who = css({ display: 'block', fontWeight: 'semibold', overflowWrap: 'anywhere' });
const text = css({ minW: 0 });
const when = css({ display: 'block', fontSize: 'sm', color: 'fg.muted' });
const noteText = css({ display: 'block', mt: '0.5', fontSize: 'sm', color: 'fg.default', overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const right = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '0.5', textAlign: 'end' });
const amountText = cva({
  base: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  variants: {
    tone: {
      in: { fontWeight: 'bold', color: 'green.800' },
      out: { fontWeight: 'bold', color: 'fg.default' },
      neutral: { fontWeight: 'semibold', color: 'fg.default' },
      // Money that never moved or came back: muted and struck through, so no one counts it.
      muted: { fontWeight: 'medium', color: 'fg.muted', textDecoration: 'line-through' },
    },
  },
});
const labelText = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', maxW: '32', overflowWrap: 'anywhere' });

/**
 * One payment in a list: who, when, the note, how much and where it stands — all decided by `activityEntryView`
 * (machines/activity/activity-entry.view.ts); this only renders it. Memoised: a row already on screen does not render
 * again when the list around it changes (a page appended, a scroll).
 */
export const TransactionRow = memo(function TransactionRow({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const view = activityEntryView(payment);
  const other = counterparty(payment);
  const name = view.headline.name ?? t('someone');
  const media = view.headline.media ? t(`details.media.${view.headline.media}`).toLowerCase() : '';
  const amount =
    view.sign === 'plus' ? format.signedMoney(view.amountCents) : view.sign === 'minus' ? format.signedMoney(-view.amountCents) : format.money(view.amountCents);
  const label = view.hold ? t(view.hold.key, { date: format.date(view.hold.at, 'opening') }) : t(`entry.${view.label}`);
  return (
    <Link href={withQuery(TRANSACTION_DETAILS_PATH, { id: payment.payment_id })} className={row}>
      <RowAvatar src={other.photo} />
      <span className={text}>
        <span className={who}>{t(view.headline.key, { name, media })}</span>
        <span className={when}>{format.date(payment.created_at)}</span>
        {view.note ? <span className={noteText}>{view.note}</span> : null}
      </span>
      <span className={right}>
        <span className={amountText({ tone: view.tone })} data-tone={view.tone}>
          {amount}
        </span>
        <span className={labelText}>{label}</span>
      </span>
    </Link>
  );
});
