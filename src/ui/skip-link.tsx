import { useTranslation } from 'react-i18next';
import { css } from '../../styled-system/css';

const skip = css({
  position: 'absolute',
  left: '3',
  top: '3',
  zIndex: 100,
  px: '4',
  py: '2',
  borderRadius: 'md',
  bg: 'accent.default',
  color: 'white',
  fontWeight: 'semibold',
  transform: 'translateY(-200%)',
  _focusVisible: { transform: 'translateY(0)' },
});

/** First tab stop on every page: jumps past the navigation to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
