import type { ReactNode } from 'react';
import { button } from './button-styles';
import { card, mutedText, sectionTitle } from './page-styles';
import { Spinner } from './spinner';

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

/** What a details page says when its one resource is missing or could not be read, from the page's own namespace. */
export interface ResourceTexts {
  notFound: string;
  notFoundBody: string;
  loadFailed: string;
  retry: string;
}

/**
 * The body of a page that reads one resource: not found (with the way back), failed (with a retry), the resource,
 * or a spinner while it is read. `found` is the machine's answer once it has one.
 */
export function ResourceView<T>(props: {
  outcome: 'notFound' | 'failed' | 'other';
  found: T | null | undefined;
  texts: ResourceTexts;
  back: ReactNode;
  onRetry: () => void;
  children: (found: T) => ReactNode;
}) {
  const { outcome, found, texts, back, onRetry, children } = props;
  if (outcome === 'notFound') return <NotFoundPanel title={texts.notFound} body={texts.notFoundBody} back={back} />;
  if (outcome === 'failed') return <LoadFailedPanel message={texts.loadFailed} retryLabel={texts.retry} onRetry={onRetry} />;
  if (found) return <>{children(found)}</>;
  return <Spinner />;
}

// The decision is the machines' view-model's; kept importable from here for the details pages that render it.
export { resourceOutcome } from '../../machines/resource-view.view';
