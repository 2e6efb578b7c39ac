import { SCREEN_LANGUAGES, SCREEN_WIDTHS, screenFileName, statesShowingNode, variantOf, type ScreenLanguage, type ScreenWidth } from '../../../machines/graph/flow-screens';

/** What the explorer's "Screens" section shows of one machine (issue 27 item 5). */
export interface ScreensView {
  /** The machine's captured states, for the state picker, sorted. */
  states: string[];
  /** The state whose screen is on show: the one picked, else the first captured state the explorer is in now. */
  state: string | null;
  /** A state picked on the diagram that no browser run captured (no screen to show for it). */
  missing: string | null;
  /** Whether that state is the explorer's current one (a screen "following" the machine as it steps or plays). */
  following: boolean;
  widths: ScreenWidth[];
  width: ScreenWidth;
  languages: ScreenLanguage[];
  language: ScreenLanguage;
  /**
   * docs/flows/screens/<machine>/<state>@<width>.<language>.webp as the server serves it (the name as it is: its
   * characters are all safe in a path, and the static files plugin does not decode `%40`); null: no capture.
   */
  src: string | null;
}

export interface ScreensChoice {
  /** A captured state picked in the list, or a diagram node clicked (its first captured state); null follows the machine. */
  picked: string | null;
  width: ScreenWidth;
  language: ScreenLanguage;
}

/**
 * From the atlas's index of one machine (`state` → `<width>.<language>` variants) and the diagram nodes active now:
 * which capture to show. A width or language the state lacks falls back to the first it has.
 */
export function screensView(machine: string, states: Record<string, string[]> | undefined, active: ReadonlySet<string>, choice: ScreensChoice): ScreensView {
  const captured = Object.keys(states ?? {}).sort();
  const current = currentState(states ?? {}, active);
  const picked = choice.picked === null ? null : captured.includes(choice.picked) ? choice.picked : (statesShowingNode(states ?? {}, choice.picked)[0] ?? null);
  const missing = choice.picked !== null && picked === null ? choice.picked : null;
  const state = choice.picked === null ? current : picked;
  const variants = state ? (states?.[state] ?? []) : [];
  const widths = SCREEN_WIDTHS.filter((w) => variants.some((v) => v.startsWith(`${w}.`)));
  const width = widths.includes(choice.width) ? choice.width : (widths[0] ?? choice.width);
  const languages = SCREEN_LANGUAGES.filter((l) => variants.includes(variantOf(width, l)));
  const language = languages.includes(choice.language) ? choice.language : (languages[0] ?? choice.language);
  const src = state && variants.includes(variantOf(width, language)) ? `/flows/screens/${machine}/${screenFileName(state, width, language)}` : null;
  return { states: captured, state, missing, following: state !== null && state === current, widths, width, languages, language, src };
}

/** The captured state the machine is in: every active leaf node is one of its leaves. */
function currentState(states: Record<string, string[]>, active: ReadonlySet<string>): string | null {
  const leaves = [...active].filter((node) => ![...active].some((other) => other.startsWith(`${node}.`)));
  if (leaves.length === 0) return null;
  const matching = statesShowingNode(states, leaves[0]!).filter((state) => leaves.every((leaf) => state.split('+').includes(leaf)));
  return matching[0] ?? null;
}
