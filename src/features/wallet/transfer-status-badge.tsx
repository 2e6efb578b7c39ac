import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../ui/tone-badge';
import { WITHDRAWAL_STATUS_TONES, withdrawalStatusLabel } from '../../lib/withdrawal-status';

/**
 * A deposit's or withdrawal's status in the spec's colours (spec 4 "Withdrawal status and badge colour"; deposits
 * share the statuses and colours), labelled from the wallet texts. Unknown values are grey, labelled Unknown.
 */
export function TransferStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('wallet');
  const label = withdrawalStatusLabel(status);
  return <ToneBadge tone={WITHDRAWAL_STATUS_TONES[label]}>{t(`status.${label}`)}</ToneBadge>;
}
