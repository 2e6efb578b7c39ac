import { useTranslation } from 'react-i18next';
import type { Person } from '../../../machines/payments/person';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../ui/avatar';
import { useFormat } from '../../lib/use-format';

const box = css({ display: 'flex', gap: '4', alignItems: 'flex-start', bg: 'bg.subtle', borderRadius: 'xl', p: '4' });
const body = css({ display: 'grid', gap: '1', minW: '0' });
const who = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const amount = css({ fontSize: '2xl', fontWeight: 'bold' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const note = css({ overflowWrap: 'anywhere' });

/** Paying a request (issue 22 item 4): the request itself — who asked, how much, their note, and when. */
export function RequestBeingPaid(props: { requester: Person; amountCents: number; note: string | null; requestedAt: string | null }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const { requester } = props;
  return (
    <section aria-labelledby="request-being-paid" className={box}>
      <Avatar src={requester.photo} alt="" size="sm" />
      <div className={body}>
        <h2 id="request-being-paid" className={who}>
          {t('payRequest.asked', { username: requester.username, amount: format.money(props.amountCents) })}
        </h2>
        {requester.fullName ? <span className={muted}>{requester.fullName}</span> : null}
        <span className={amount}>{format.money(props.amountCents)}</span>
        {props.note ? (
          <p className={note}>
            <span className={muted}>{t('payRequest.note')}: </span>“{props.note}”
          </p>
        ) : null}
        {props.requestedAt ? (
          <span className={muted}>
            {t('payRequest.when')} {format.date(props.requestedAt, 'dateTime')}
          </span>
        ) : null}
      </div>
    </section>
  );
}
