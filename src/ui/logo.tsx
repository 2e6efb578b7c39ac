import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { cva } from '../../styled-system/css';

const link = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    fontWeight: 'bold',
    fontSize: 'xl',
    letterSpacing: '-0.02em',
    color: 'fg.default',
    textDecoration: 'none',
    borderRadius: 'md',
  },
  variants: {
    inverse: { true: { color: 'white' } },
  },
});

/** The brand mark and wordmark, linking home. The product name is a brand, the same in every language. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link href="/" className={link({ inverse })} aria-label={t('app.homeLink')}>
      <LogoMark inverse={inverse} />
      <span aria-hidden="true">{t('app.name')}</span>
    </Link>
  );
}

/** The jar mark; `inverse` swaps the colours so it stands out on the blue panels. */
export function LogoMark({ size = 32, inverse = false }: { size?: number; inverse?: boolean }) {
  const tile = inverse ? '#ffffff' : '#1f55e0';
  const jar = inverse ? '#1f55e0' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill={tile} />
      <path d="M10 11.5h12l-1.3 11.2a2 2 0 0 1-2 1.8h-5.4a2 2 0 0 1-2-1.8z" fill={jar} />
      <rect x="9" y="8.5" width="14" height="3" rx="1.5" fill={inverse ? '#8eb2ff' : '#bcd2ff'} />
      <circle cx="16" cy="17.5" r="2.6" fill={tile} />
    </svg>
  );
}
