import { css } from '../../styled-system/css';

/** Type scale and surfaces shared by pages, so every screen reads the same. */
export const pageTitle = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  letterSpacing: '-0.02em',
  lineHeight: '1.15',
  color: 'fg.default',
});

export const pageLead = css({ mt: '2', fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', maxW: '2xl' });

export const card = css({
  bg: 'bg.surface',
  borderRadius: 'card',
  boxShadow: 'card',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  p: { base: '5', md: '6' },
});

export const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' });

export const mutedText = css({ color: 'fg.muted' });

export const textLink = css({
  color: 'accent.text',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { color: 'brand.800' },
});
