import { css } from '../../../styled-system/css';

/** One look for every account form: label above, input, hint and error below (errors in red text, not colour alone). */
export const formStack = css({ mt: '8', display: 'grid', gap: '5' });

export const fieldBox = css({ display: 'grid', gap: '1.5' });

export const fieldLabel = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' });

export const fieldInput = css({
  w: 'full',
  h: '12',
  px: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'md',
  outline: 'none',
  transition: 'border-color 150ms, box-shadow 150ms',
  _placeholder: { color: 'gray.500' },
  _focusVisible: { borderColor: 'focusRing', boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
  '&[aria-invalid=true]': { borderColor: 'red.600' },
});

export const inputWithButton = css({ position: 'relative', display: 'flex', alignItems: 'center' });

export const inlineButton = css({
  position: 'absolute',
  right: '1.5',
  h: '9',
  px: '3',
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'accent.text',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'accent.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
});

export const fieldHint = css({ fontSize: 'sm', color: 'fg.muted' });

export const fieldError = css({ fontSize: 'sm', fontWeight: 'medium', color: 'red.700' });

export const checkboxRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3' });

export const checkbox = css({
  flexShrink: 0,
  mt: '0.5',
  w: '5',
  h: '5',
  accentColor: 'brand.600',
  cursor: 'pointer',
  '&[aria-invalid=true]': { outline: '2px solid', outlineColor: 'red.600', outlineOffset: '2px' },
});

export const checkboxLabel = css({ fontSize: 'sm', color: 'fg.default', lineHeight: '1.5' });

export const formAlert = css({
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'red.200',
  borderLeftWidth: '4px',
  borderLeftColor: 'red.600',
  bg: 'red.50',
  color: 'red.800',
  fontSize: 'sm',
  fontWeight: 'medium',
  outline: 'none',
  _focusVisible: { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});

export const formNotice = css({
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'green.200',
  borderLeftWidth: '4px',
  borderLeftColor: 'green.600',
  bg: 'green.50',
  color: 'green.800',
  fontSize: 'sm',
  fontWeight: 'medium',
});

export const selectInput = css({ appearance: 'none', pr: '10', cursor: 'pointer' });

/** A radio group drawn as cards (a payment method, a card to charge): the checked card is outlined in the accent. */
export const choiceGroup = css({ display: 'grid', gap: '2', borderRadius: 'xl', outline: 'none', '&[aria-invalid=true]': { outline: '2px solid', outlineColor: 'red.600', outlineOffset: '4px' } });

export const choiceCard = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
});

export const choiceRadio = css({ w: '5', h: '5', accentColor: 'brand.600' });

/** The line under a choice's label (what is available, a card's expiry). */
export const choiceDetail = css({ display: 'block', fontSize: 'sm', color: 'fg.muted' });
