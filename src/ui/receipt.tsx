import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ReceiptValue, ReceiptView } from '../../machines/payments/receipt.view';
import { css } from '../../styled-system/css';
import { DEPOSIT_DETAILS_PATH, TRANSACTION_DETAILS_PATH, WITHDRAWAL_DETAILS_PATH, withQuery } from '../config/paths';
import { button } from './button-styles';
import { DetailList, type DetailRow } from './detail-list';
import { ToneBadge } from './tone-badge';

// Its own text colour: a receipt often sits inside a tinted success notice, whose colour it must not take.
const frame = css({ color: 'fg.default' });
const top = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' });
const headline = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere', minW: 0 });
const bigAmount = css({ mt: '1', fontSize: '3xl', fontWeight: 'bold', letterSpacing: '-0.02em', fontVariantNumeric: 'tabular-nums' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '5' });

/** Where a receipt's "View details" goes: the page that shows that kind of movement, by its id. */
function receiptDetailsHref(details: ReceiptView['details']): string {
  const path = details.page === 'payment' ? TRANSACTION_DETAILS_PATH : details.page === 'deposit' ? DEPOSIT_DETAILS_PATH : WITHDRAWAL_DETAILS_PATH;
  return withQuery(path, { id: details.id });
}

/**
 * A receipt (issue 22 item 7): renders `receiptView` (machines/payments/receipt.view.ts) — headline, amount, status,
 * then to/from, amount, fee, total, method, date and time, status and the short reference as a definition list, and a
 * link to the details. `detailsLink={false}` on the details page itself; `children` are the screen's own next steps
 * (send again, back to the wallet), placed after the details link. A `region` named by its headline.
 */
export function Receipt(props: { view: ReceiptView; detailsLink?: boolean; headingLevel?: 2 | 3; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const { view } = props;
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const headingId = `receipt-${view.reference}`;
  const show = (value: ReceiptValue) => ('text' in value ? value.text : t(`receipt.${value.word}`));
  const rows: DetailRow[] = view.lines.map((line) => [
    t(`receipt.label.${line.label}`),
    line.label === 'status' ? (
      <ToneBadge key="status" tone={view.status.tone}>
        {show(line.value)}
      </ToneBadge>
    ) : line.label === 'reference' ? (
      <code key="reference">{show(line.value)}</code>
    ) : (
      show(line.value)
    ),
  ]);
  return (
    <section aria-labelledby={headingId} className={frame} data-receipt="">
      <div className={top}>
        <Heading id={headingId} className={headline}>
          {t(`receipt.${view.headline.key}`, { name: view.headline.name })}
        </Heading>
      </div>
      <p className={bigAmount}>{view.amount}</p>
      <DetailList rows={rows} />
      {props.detailsLink === false && !props.children ? null : (
        <div className={actions}>
          {props.detailsLink === false ? null : (
            <Link href={receiptDetailsHref(view.details)} className={button()}>
              {t('receipt.viewDetails')}
            </Link>
          )}
          {props.children}
        </div>
      )}
    </section>
  );
}
