import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HOME_PATH, PAYMENT_PATH, TRANSACTION_DETAILS_PATH, withQuery } from '../../config/paths';
import { css } from '../../../styled-system/css';
import { button } from '../button-styles';
import { formAlert, formNotice } from '../form/form-styles';

const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '5' });
const heading = css({ fontSize: 'xl', fontWeight: 'bold' });
const idLine = css({ mt: '2', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });

/** A payment or request made: what happened, its transaction id, and where to go next. */
export function PaymentDone(props: { title: string; body: string; paymentId: string }) {
  const { t } = useTranslation('payments');
  return (
    <div role="status" className={formNotice}>
      <h2 className={heading}>{props.title}</h2>
      <p>{props.body}</p>
      <p className={idLine}>
        {t('sent.transactionId')}: <code>{props.paymentId}</code>
      </p>
      <div className={actions}>
        <Link href={withQuery(TRANSACTION_DETAILS_PATH, { id: props.paymentId })} className={button()}>
          {t('actions.viewTransaction')}
        </Link>
        <Link href={PAYMENT_PATH} className={button({ variant: 'outline' })}>
          {t('actions.again')}
        </Link>
        <Link href={HOME_PATH} className={button({ variant: 'ghost' })}>
          {t('actions.home')}
        </Link>
      </div>
    </div>
  );
}

/** A refused or failed submit: a short title (the spec's 'Insufficient funds', 'Card declined') and the server's words. */
export function PaymentFailure({ title, text, children }: { title: string; text: string | null; children?: ReactNode }) {
  return (
    <div role="alert" tabIndex={-1} data-form-alert="" className={formAlert}>
      <h2 className={heading}>{title}</h2>
      {text ? <p>{text}</p> : null}
      {children}
    </div>
  );
}

/** A step's data (the balance and cards, the linked accounts) did not load: what failed, and a button that reads again. */
export function StepLoadFailure({ title, retryLabel, onRetry }: { title: string; retryLabel: string; onRetry: () => void }) {
  return (
    <PaymentFailure title={title} text={null}>
      <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={onRetry}>
        {retryLabel}
      </button>
    </PaymentFailure>
  );
}
