import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  theme: {
    extend: {
      tokens: {
        colors: {
          brand: {
            50: { value: '#eef4ff' },
            100: { value: '#dbe7ff' },
            500: { value: '#2f6bff' },
            600: { value: '#1f55e0' },
            700: { value: '#1742b0' },
            900: { value: '#0b2466' },
          },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        },
      },
      breakpoints: {
        // The spec's mobile breakpoint: below 768 px is "mobile".
        md: '768px',
      },
    },
  },
});
