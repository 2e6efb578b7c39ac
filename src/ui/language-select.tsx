import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '../../domain/product';
import { cva } from '../../styled-system/css';
import { visuallyHidden } from '../../styled-system/patterns';
import { changeLanguage } from '../i18n/change-language';
import { useLocale } from '../i18n/use-locale';
import { ChevronDownIcon, GlobeIcon } from './icons';

const wrapper = cva({
  base: { position: 'relative', display: 'inline-flex', alignItems: 'center' },
  variants: { fullWidth: { true: { w: 'full' } } },
});

const select = cva({
  base: {
    appearance: 'none',
    h: '10',
    w: 'full',
    pl: '9',
    pr: '8',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'sm',
    fontWeight: 'semibold',
    cursor: 'pointer',
    transition: 'background-color 150ms, border-color 150ms',
  },
  variants: {
    tone: {
      light: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { bg: 'gray.50', borderColor: 'gray.400' },
      },
    },
  },
  defaultVariants: { tone: 'light' },
});

const icon = cva({
  base: { position: 'absolute', pointerEvents: 'none', color: 'fg.muted' },
  variants: { side: { start: { left: '3' }, end: { right: '3' } } },
});

/**
 * The language switcher (spec 2 header, spec 4 "Language"). A native select: every platform gives it a
 * familiar, accessible picker, and it costs no script. Each name is written in its own language.
 */
export function LanguageSelect({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  return (
    <div className={wrapper({ fullWidth })}>
      <label htmlFor={id} className={visuallyHidden()}>
        {t('language.label')}
      </label>
      <GlobeIcon size={16} className={icon({ side: 'start' })} />
      <select
        id={id}
        className={select()}
        value={locale}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLocale(next)) void changeLanguage(next);
        }}
      >
        {LOCALES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={16} className={icon({ side: 'end' })} />
    </div>
  );
}
