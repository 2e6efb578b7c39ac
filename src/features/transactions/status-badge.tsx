import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { STATUS_TONES, statusLabel } from './payment-display';
import { ToneBadge } from '../../ui/tone-badge';

/** The payment's status as the spec names it for this user (spec 4). */
export function StatusBadge({ payment }: { payment: Pick<PaymentView, 'status' | 'transaction_type'> }) {
  const { t } = useTranslation('activity');
  const label = statusLabel(payment);
  return <ToneBadge tone={STATUS_TONES[label]}>{t(`status.${label}`)}</ToneBadge>;
}
