import { cva, type RecipeVariantProps } from '../../styled-system/css';

/**
 * The one button look, for <button>, wouter <Link> and external <a> alike (a link that looks like a
 * button stays a link for assistive tech). Heights keep targets ≥ 44 px on touch sizes.
 */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'transparent',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color, box-shadow, transform',
    transitionDuration: '150ms',
    _active: { transform: 'translateY(1px)' },
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'fg.onAccent',
        boxShadow: '0 1px 2px rgba(23, 66, 176, 0.25)',
        _hover: { bg: 'accent.emphasized' },
      },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { bg: 'gray.50', borderColor: 'gray.400' },
      },
      ghost: {
        bg: 'transparent',
        color: 'accent.text',
        _hover: { bg: 'accent.subtle' },
      },
      // For blue surfaces (hero, promo panel).
      inverse: {
        bg: 'white',
        color: 'brand.700',
        _hover: { bg: 'brand.50' },
      },
      // A secondary action on blue surfaces.
      outlineInverse: {
        bg: 'transparent',
        color: 'white',
        borderColor: 'rgba(255, 255, 255, 0.6)',
        _hover: { bg: 'rgba(255, 255, 255, 0.12)' },
      },
      danger: {
        bg: 'red.700',
        color: 'white',
        _hover: { bg: 'red.800' },
      },
    },
    size: {
      sm: { h: '9', px: '4', fontSize: 'sm' },
      md: { h: '11', px: '5', fontSize: 'md' },
      lg: { h: '12', px: '7', fontSize: 'md' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

type ButtonVariants = RecipeVariantProps<typeof button>;
