import { useTranslation } from 'react-i18next';
import { css } from '../../styled-system/css';
import { visuallyHidden } from '../../styled-system/patterns';

const wrapper = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '40vh',
  // Fast loads never flash a spinner: it fades in only after 300 ms.
  animation: 'fadeIn 200ms ease-out 300ms both',
});

const ring = css({
  w: '8',
  h: '8',
  borderRadius: 'full',
  borderWidth: '3px',
  borderColor: 'brand.100',
  borderTopColor: 'accent.default',
  animation: 'spin 0.8s linear infinite',
});

/** The Suspense fallback while a route chunk or its strings load. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className={wrapper} role="status">
      <span className={ring} aria-hidden="true" />
      <span className={visuallyHidden()}>{t('app.loading')}</span>
    </div>
  );
}
