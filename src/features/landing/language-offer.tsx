import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../domain/product';
import { css, cx } from '../../../styled-system/css';
import { changeLanguage } from '../../i18n/change-language';
import { useLocale } from '../../i18n/use-locale';
import { GlobeIcon } from '../../ui/icons';

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '5' });
const globe = css({ color: 'brand.100' });
const choice = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  px: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'rgba(255, 255, 255, 0.55)',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  cursor: 'pointer',
  _hover: { bg: 'rgba(255, 255, 255, 0.14)' },
  '&[aria-pressed=true]': { bg: 'white', color: 'brand.800', borderColor: 'white' },
});
const minor = css({ fontWeight: 'medium' });

// Spanish and Portuguese first: the landing page speaks to Latin American and Brazilian creators (spec 1).
const ORDER = ['es', 'pt', 'en'] as const satisfies readonly (typeof LOCALES)[number][];

/**
 * The landing page's extra language selector (spec 1): one tap to Spanish or Portuguese, each offered in its
 * own language, beside the header's switcher. Toggle buttons, so the choice in effect is announced as pressed
 * and focus stays on the button just used.
 */
export function LanguageOffer() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  return (
    <div className={row} role="group" aria-label={t('landing.languageOffer.label')}>
      <GlobeIcon size={18} className={globe} />
      {ORDER.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={locale === language}
          className={cx(choice, language === 'en' && minor)}
          onClick={() => void changeLanguage(language)}
        >
          {t(`landing.languageOffer.${language}`)}
        </button>
      ))}
    </div>
  );
}
