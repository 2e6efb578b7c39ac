import { HOME_PATH } from '../config/paths';

/**
 * Where a task started (issue 22 item 12): "Add money" from Home's balance returns to Home once done. Carried in the
 * link's query (`?from=home`), so a tap before the page is hydrated (a plain navigation, no history state) or a
 * reload keeps it. Only known places are honoured; anything else (or nothing) means the task's own default.
 */
export type ReturnPlace = 'home';

const PATHS: Record<ReturnPlace, string> = { home: HOME_PATH };

/** The query a link to the task carries. */
export const returnQuery = (place: ReturnPlace) => ({ from: place });

export function returnPlaceOf(search: string): ReturnPlace | null {
  const place = new URLSearchParams(search).get('from');
  return place !== null && place in PATHS ? (place as ReturnPlace) : null;
}

export const returnPath = (place: ReturnPlace) => PATHS[place];
