import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { css, cva } from '../../../styled-system/css';
import { activityEntryView } from '../../../machines/activity/activity-entry.view';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { TRANSACTION_DETAILS_PATH, withQuery } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../i18n/use-locale';
import { counterparty } from './payment-display';
import { button } from '../button-styles';
import { payRequestTarget } from './pay-request';
import { RowAvatar } from '../row-avatar';

// The row holds the link to the payment's details and, beside it, the row's own action (Pay): a button cannot sit
// inside a link, so the two are siblings in one box. Where the row is narrow (a phone) the button goes under the
// link, at the end, rather than squeezing the name and the note into a column a few letters wide.
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '1',
  borderRadius: 'lg',
  _hover: { bg: 'gray.50' },
});
const link = css({
  flex: '1 1 20rem',
  minW: 0,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'lg',
  color: 'fg.default',
});
const payButton = css({ ms: 'auto', me: '3', mb: '2' });
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
 * Pay on the row of a request made of me (issue 22 item 11): straight to the request's pay screen, the one the
 * details page's Pay opens, so paying it takes this tap and "Pay $30.00". Its own component, so that only such rows
 * follow the location. The visible word is "Pay"; the accessible name says whom and how much ("Pay @maya $30.00").
 */
function PayRequestButton({ payment, label }: { payment: PaymentView; label: string }) {
  const { t } = useTranslation('activity');
  const [, navigate] = useLocation();
  return (
    <button type="button" className={`${button({ size: 'sm' })} ${payButton}`} aria-label={label} onClick={() => navigate(...payRequestTarget(payment))}>
      {t('actions.pay')}
    </button>
  );
}

/**
 * One payment in a list: who, when, the note, how much and where it stands — all decided by `activityEntryView`
 * (machines/activity/activity-entry.view.ts); this only renders it. Memoised: a row already on screen does not render
 * again when the list around it changes (a page appended, a scroll).
 */
export const TransactionRow = memo(function TransactionRow({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const lang = useLocale();
  // As of this render (issue 22 item 5): "2 days left".
  const view = activityEntryView(payment, { now: Date.now(), lang });
  const other = counterparty(payment);
  const name = view.headline.name ?? t('someone');
  const media = view.headline.media ? t(`details.media.${view.headline.media}`).toLowerCase() : '';
  const amount =
    view.sign === 'plus' ? format.signedMoney(view.amountCents) : view.sign === 'minus' ? format.signedMoney(-view.amountCents) : format.money(view.amountCents);
  const label = view.hold ? t(view.hold.key, { date: format.date(view.hold.at, 'opening') }) : t(`entry.${view.label}`);
  return (
    <div className={row}>
      <Link href={withQuery(TRANSACTION_DETAILS_PATH, { id: payment.payment_id })} className={link}>
        <RowAvatar src={other.photo} name={other.username ?? name} />
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
          {view.hold?.left ? <span className={labelText}>{t('entry.left', { left: view.hold.left })}</span> : null}
        </span>
      </Link>
      {view.canPay ? <PayRequestButton payment={payment} label={t('entry.pay', { name, amount: format.money(view.amountCents) })} /> : null}
    </div>
  );
});
