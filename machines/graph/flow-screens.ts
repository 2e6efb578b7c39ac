/**
 * The flow as screens (issue 27 item 5): what a captured screen of a machine's state is called, and which are kept.
 * The browser runs capture them (tests/e2e/paths/screens.ts), the run's teardown files them under docs/flows/screens
 * with an index, and the explorer (/flows) shows the one of the state picked or reached. Pure: no Node, no DOM.
 */
import type { AnyMachineSnapshot } from 'xstate';

/** A phone and a laptop: the spec's narrowest screen and the desktop layout. */
export const SCREEN_WIDTHS = [375, 1280] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];

export const SCREEN_LANGUAGES = ['en', 'es', 'pt'] as const;
export type ScreenLanguage = (typeof SCREEN_LANGUAGES)[number];

/**
 * The flows that move money, captured in every language (a reviewer checks their amounts, fees and words in es and
 * pt too); the others in English.
 */
const PAYMENT_FLOWS: ReadonlySet<string> = new Set([
  'add-money',
  'payment-actions',
  'public-profile',
  'request-payment',
  'send-payment',
  'transaction-details',
  'upload-reply',
  'withdraw',
]);

export const screenLanguages = (machine: string): readonly ScreenLanguage[] => (PAYMENT_FLOWS.has(machine) ? SCREEN_LANGUAGES : ['en']);

/**
 * A state as its screen is filed: the paths of its active leaf states (`card.amount`), several joined by `+` for a
 * machine in parallel states; the machine's id for one without states (as the diagram names its one node).
 */
export function screenStateKey(snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((node) => node.path.length > 0 && (node.type === 'atomic' || node.type === 'final')).map((node) => node.path.join('.'));
  return leaves.length ? leaves.join('+') : snapshot.machine.id;
}

/** `card.amount@375.en.webp`. */
export const screenFileName = (state: string, width: number, language: string) => `${state}@${width}.${language}.webp`;

const FILE = /^(?<state>[A-Za-z0-9_.+-]+)@(?<width>\d+)\.(?<language>[a-z]{2})\.webp$/u;

export interface ScreenFile {
  state: string;
  width: number;
  language: string;
}

export function parseScreenFileName(name: string): ScreenFile | null {
  const m = FILE.exec(name);
  return m?.groups ? { state: m.groups.state!, width: Number(m.groups.width), language: m.groups.language! } : null;
}

/**
 * docs/flows/screens/index.json: per catalogued machine (its atlas name), per state key, the captures there are as
 * `<width>.<language>` (`375.en`), sorted. The explorer reads it to know what it can show.
 */
export type ScreensIndex = Record<string, Record<string, string[]>>;

export const variantOf = (width: number, language: string) => `${width}.${language}`;

/**
 * The captured states in which a diagram node (a state path, `card` or `card.amount`) is active: the node is one of
 * the state's leaves or an ancestor of one. Sorted, so the first is the same every time.
 */
export function statesShowingNode(states: Record<string, string[]>, node: string): string[] {
  return Object.keys(states)
    .filter((state) => state.split('+').some((leaf) => leaf === node || leaf.startsWith(`${node}.`)))
    .sort();
}
