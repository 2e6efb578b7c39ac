import { css } from '../../styled-system/css';

/** The typography of pages inside the auth layout's right column. */
export const authTitle = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  letterSpacing: '-0.02em',
  lineHeight: '1.15',
  color: 'fg.default',
});

export const authSubtitle = css({ mt: '3', color: 'fg.muted', fontSize: 'md' });

export const authActions = css({ mt: '8', display: 'grid', gap: '3' });

export const authFootnote = css({ mt: '6', fontSize: 'sm', color: 'fg.muted' });
