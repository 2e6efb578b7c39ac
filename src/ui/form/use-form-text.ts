import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_VALUES } from '../../../domain/rules/rule-values';
import type { FormMessage } from '../../../machines/forms/field-errors';

/**
 * Turns a machine's FormMessage into text: rule keys are translated with the shared rule values
 * (min length, symbol set…); server messages arrive translated already.
 */
export function useFormText(): (message: FormMessage | null | undefined) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return null;
      if ('text' in message) return message.text;
      // Keys come from the shared rules at run time, so they cannot be checked by i18next's key types.
      return (t as unknown as (key: string, values: object) => string)(message.key, RULE_VALUES);
    },
    [t],
  );
}
