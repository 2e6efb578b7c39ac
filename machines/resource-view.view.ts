/**
 * Which panel a page that reads one resource shows (issue 24 item 6): "not found", "could not be read" with its
 * Retry, or neither (loading or shown). For the resource-view machine (a withdrawal's details, the withdraw method)
 * and the transaction-details machine, which name these two states alike; the page renders the panel, it does not
 * test state names.
 */
export type ResourceOutcome = 'notFound' | 'failed' | 'other';

export const resourceOutcome = (snapshot: { matches(value: 'notFound' | 'failed'): boolean }): ResourceOutcome =>
  snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : 'other';
