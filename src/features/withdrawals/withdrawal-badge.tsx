import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../ui/tone-badge';
import { WITHDRAWAL_STATUS_TONES, withdrawalStatusLabel } from '../../lib/withdrawal-status';

/** A withdrawal's status in the spec's colour. */
export function WithdrawalBadge({ status }: { status: string }) {
  const { t } = useTranslation('withdrawals');
  const label = withdrawalStatusLabel(status);
  const tone = WITHDRAWAL_STATUS_TONES[label];
  return <ToneBadge tone={tone}>{t(`status.${label}`)}</ToneBadge>;
}
