/**
 * What the add-money screen says about a card deposit once it is submitted (issue 22.8): from the submit until the
 * deposit is complete — the card authorised by the request, then captured by the background job, usually within a
 * second — one neutral progress notice with a spinner, never the success colour; the success colour only once the
 * deposit is complete. Read from the machine's state, so a state the screen does not know shows no notice.
 */
export type DepositNotice = { kind: 'progress'; tone: 'neutral' } | { kind: 'added'; tone: 'green' } | null;

/** The states the notice depends on (an add-money snapshot has them). */
export interface AddMoneyStateLike {
  matches(value: 'done' | { card: 'charging' | 'processing' }): boolean;
}

export function depositNoticeOf(state: AddMoneyStateLike): DepositNotice {
  if (state.matches({ card: 'charging' }) || state.matches({ card: 'processing' })) return { kind: 'progress', tone: 'neutral' };
  if (state.matches('done')) return { kind: 'added', tone: 'green' };
  return null;
}
