import { css } from '../../styled-system/css';

const box = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  color: 'fg.default',
  fontSize: 'sm',
  fontWeight: 'medium',
});

const ring = css({
  flexShrink: 0,
  w: '5',
  h: '5',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'brand.100',
  borderTopColor: 'accent.default',
  animation: 'spin 0.8s linear infinite',
});

/**
 * Work under way that the person waits for (a card being charged): a spinner and what is happening, in neutral
 * colours — the success colour belongs to the outcome, not to the wait. A live status region named by its text, so
 * it is announced and found by that name; aria-busy while it lasts.
 */
export function ProgressNotice({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" data-tone="neutral" className={box}>
      <span className={ring} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
