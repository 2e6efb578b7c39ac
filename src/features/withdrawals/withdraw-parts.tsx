import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { WithdrawContext } from '../../../machines/withdraw.machine';
import type { DestinationChoice } from '../../../machines/withdraw.view';
import { receiptView } from '../../../machines/payments/receipt.view';
import { css } from '../../../styled-system/css';
import { WITHDRAW_FUNDS_PATH, WITHDRAWAL_DETAILS_PATH, withQuery } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { formNotice } from '../../ui/form/form-styles';
import { Receipt } from '../../ui/receipt';

const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });
const heading = css({ fontSize: 'xl', fontWeight: 'bold' });
const receiptBox = css({ mt: '4', mb: '4', p: '4', bg: 'bg.surface', borderRadius: 'lg' });

/** Where the money goes, as the destination's label (its bank and last digits). */
export function destinationLabel(context: WithdrawContext): string {
  const setup = context.setup;
  if (context.destination === 'payout_account') return setup?.payoutAccount?.label ?? '';
  return setup?.bankAccount?.label ?? '';
}

/**
 * Issue 21: the destinations that do not take withdrawals yet, each with when it opens (in the UI language). Shown
 * before the amount is asked, and on the destination step, where such a destination is not offered.
 */
export function OpensLater({ choices }: { choices: DestinationChoice[] }) {
  const { t } = useTranslation('withdrawals');
  const format = useFormat();
  if (choices.length === 0) return null;
  return (
    <ul className={notices}>
      {choices.map((choice) => (
        <li key={choice.destination}>
          <strong>
            {t(`destination.${choice.destination}`)}: {choice.label}
          </strong>
          <br />
          {t('opensOn', { date: format.date(choice.opensAt!, 'opening') })}
        </li>
      ))}
    </ul>
  );
}

const notices = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' });

/** Done: the withdrawal was created — its receipt, a link to its details, and the way back to the wallet. */
export function WithdrawCreated({ created, amount, destination }: { created: NonNullable<WithdrawContext['created']>; amount: string; destination: string }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const lang = useLocale();
  return (
    <div role="status" className={formNotice}>
      <h2 className={heading}>{t('withdraw.createdTitle')}</h2>
      <p>{t('withdraw.createdBody', { amount: amount, destination: destination })}</p>
      {created.withdrawal ? (
        <div className={receiptBox}>
          <Receipt view={receiptView({ kind: 'withdrawal', withdrawal: created.withdrawal }, { lang })} headingLevel={3} detailsLink={false} />
        </div>
      ) : null}
      <div className={bar}>
        <Link href={withQuery(WITHDRAWAL_DETAILS_PATH, { id: created.id })} className={button()}>
          {t('withdraw.viewDetails')}
        </Link>
        <Link href={WITHDRAW_FUNDS_PATH} className={button({ variant: 'outline' })}>
          {t('withdraw.backToWallet')}
        </Link>
      </div>
    </div>
  );
}
