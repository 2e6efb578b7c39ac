import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { TextField } from '../../ui/form/text-field';

/**
 * The account's email as the auth forms ask for it (sign-in, sign-up, forgot password): the email keyboard on
 * phones, and the browser may fill it in.
 */
export function AccountEmailField(props: { id: string; value: string; error?: FormMessage; readOnly?: boolean; onValueChange: (value: string) => void }) {
  const { t } = useTranslation('accounts');
  return <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}
