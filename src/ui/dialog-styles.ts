import { css, cva } from '../../styled-system/css';

/**
 * The frame every dialog shares: a backdrop over the page and a positioner that places the panel. A question
 * (ConfirmDialog) rises from the bottom on phones, within thumb reach; media (the landing video) sits centred on
 * a darker backdrop, so the picture stands out.
 */
export const dialogBackdrop = cva({
  base: {
    position: 'fixed',
    inset: '0',
    zIndex: 60,
    _open: { animation: 'fadeIn 150ms ease-out' },
  },
  variants: {
    tone: {
      dim: { bg: 'rgba(11, 36, 102, 0.45)', backdropFilter: 'blur(2px)' },
      dark: { bg: 'rgba(11, 36, 102, 0.7)', backdropFilter: 'blur(3px)' },
    },
  },
  defaultVariants: { tone: 'dim' },
});

export const dialogPositioner = cva({
  base: {
    position: 'fixed',
    inset: '0',
    zIndex: 61,
    display: 'flex',
    justifyContent: 'center',
  },
  variants: {
    placement: {
      sheet: { alignItems: { base: 'flex-end', sm: 'center' }, p: '4' },
      center: { alignItems: 'center', p: { base: '3', md: '6' } },
    },
  },
  defaultVariants: { placement: 'sheet' },
});

/**
 * A dialog's buttons side by side, equal widths, while both fit; on a phone in a longer language ("Encerrar minha
 * conta") each takes its own full-width line instead of pushing the other off the screen (issue 22 item 9).
 */
export const dialogActions = css({
  mt: '6',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  '& > *': { flex: '1 1 0', minW: 'fit-content' },
});
