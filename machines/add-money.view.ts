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

/**
 * Where the add-money screen's way out leads once the money is in (issue 22 item 12): back where the task started —
 * Home, when "Add money" was tapped on Home's balance — or else the wallet screen it belongs to.
 */
export interface AddMoneyExit {
  to: 'home' | 'wallet';
  /** A key of the wallet strings (locales/<lang>/wallet.json). */
  labelKey: 'addMoney.backHome' | 'addMoney.backToWallet';
}

export function addMoneyExit(startedFrom: 'home' | null): AddMoneyExit {
  return startedFrom === 'home' ? { to: 'home', labelKey: 'addMoney.backHome' } : { to: 'wallet', labelKey: 'addMoney.backToWallet' };
}
