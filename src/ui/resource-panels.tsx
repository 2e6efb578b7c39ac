import type { ReactNode } from 'react';
import { button } from './button-styles';
import { card, mutedText, sectionTitle } from './page-styles';

/**
 * The panels a page that reads one resource (a payment, a withdrawal, a deposit) shows when the read did not give it.
 * The texts come from the page's own namespace, so each says what was not found; the shape is one for all.
 */
export function NotFoundPanel({ title, body, back }: { title: string; body?: string; back?: ReactNode }) {
  return (
    <section className={card} aria-labelledby="not-found-title">
      <h2 id="not-found-title" className={sectionTitle}>
        {title}
      </h2>
      {body ? <p className={mutedText}>{body}</p> : null}
      {back}
    </section>
  );
}

/**
 * The read failed (network, 5xx): the message, announced, and a button that reads again. `size` is the button's:
 * a whole page's panel (a settings form that could not open) uses the regular one.
 */
export function LoadFailedPanel(props: { message: string; retryLabel: string; onRetry: () => void; size?: 'sm' | 'md' }) {
  const { message, retryLabel, onRetry, size = 'sm' } = props;
  return (
    <section className={card} role="alert">
      <p>{message}</p>
      <button type="button" className={button({ variant: 'outline', size })} onClick={onRetry}>
        {retryLabel}
      </button>
    </section>
  );
}
