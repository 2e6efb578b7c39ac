import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
      textRendering: 'optimizeLegibility',
    },
    // One visible focus style everywhere; 3 px so it meets WCAG 2.2 focus appearance on every background.
    ':focus-visible': {
      outline: '3px solid {colors.focusRing}',
      outlineOffset: '2px',
    },
    // <main> takes focus after client-side navigation (so screen readers start at the new page); no ring for it.
    'main:focus': { outline: 'none' },
    '::selection': { bg: 'brand.100' },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          brand: {
            50: { value: '#eef4ff' },
            100: { value: '#dbe7ff' },
            200: { value: '#bcd2ff' },
            300: { value: '#8eb2ff' },
            500: { value: '#2f6bff' },
            600: { value: '#1f55e0' },
            700: { value: '#1742b0' },
            800: { value: '#12358c' },
            900: { value: '#0b2466' },
          },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        },
        radii: {
          card: { value: '1.25rem' },
        },
        shadows: {
          card: { value: '0 1px 2px rgba(16, 24, 40, 0.04), 0 4px 16px rgba(16, 24, 40, 0.06)' },
          raised: { value: '0 8px 30px rgba(16, 24, 40, 0.14)' },
        },
      },
      // Meaning, not hue: views use these so contrast is decided once (all text pairs are ≥ 4.5:1).
      semanticTokens: {
        colors: {
          bg: {
            canvas: { value: '#f5f7fb' },
            surface: { value: '#ffffff' },
            subtle: { value: '{colors.brand.50}' },
          },
          fg: {
            default: { value: '{colors.gray.900}' },
            muted: { value: '{colors.gray.600}' },
            onAccent: { value: '#ffffff' },
          },
          accent: {
            default: { value: '{colors.brand.600}' },
            emphasized: { value: '{colors.brand.700}' },
            subtle: { value: '{colors.brand.50}' },
            text: { value: '{colors.brand.700}' },
          },
          border: {
            subtle: { value: '{colors.gray.200}' },
            default: { value: '{colors.gray.300}' },
          },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
      keyframes: {
        // Rises from the bottom, where toasts sit. Movement only, no fade: a toast's text is at full contrast from its
        // first frame (axe measured a fading toast's text as too faint, and so would a reader glancing at it).
        toastIn: {
          from: { transform: 'translateY(8px) scale(0.98)' },
          to: { transform: 'translateY(0) scale(1)' },
        },
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        dialogIn: {
          from: { opacity: '0', transform: 'translateY(12px) scale(0.97)' },
          to: { opacity: '1', transform: 'translateY(0) scale(1)' },
        },
        spin: { to: { transform: 'rotate(360deg)' } },
      },
      breakpoints: {
        // The spec's mobile breakpoint: below 768 px is "mobile".
        md: '768px',
      },
    },
  },
});
