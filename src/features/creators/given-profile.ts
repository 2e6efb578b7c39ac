import { PUBLIC_PROFILE_DATA_ID } from '../../../domain/embedded-data';
import type { PublicProfileData } from '../../../machines/public-profile.machine';

/**
 * The creator's profile a pay page came with (issue 23 item 2): the server, which read it to render the page, embeds
 * it as JSON (server/web/spa.ts), and the page's machine starts with it instead of asking the API a second time.
 * On the server it is the profile the render was given (src/prerender/render-profile-page.tsx).
 *
 * It stands for the page as it was loaded only: once the visitor has left that page (`leavingProfilePage`), a later
 * visit in the same tab (back from another page, another creator) reads the profile afresh. The page mounted again
 * where it is (the session settling around it, say) still has it.
 */
let rendering: PublicProfileData | null = null;
let used = false;

/** The server's render: the profile the page is rendered with (null after). */
export function renderWithProfile(profile: PublicProfileData | null): void {
  rendering = profile;
}

function embedded(): PublicProfileData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_PROFILE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PublicProfileData;
  } catch {
    return null;
  }
}

/** The profile of `username` the page came with, if it came with it and has not been shown yet; else null. */
export function givenProfile(username: string): PublicProfileData | null {
  const profile = import.meta.env.SSR ? rendering : used ? null : embedded();
  return profile && profile.username.toLowerCase() === username.toLowerCase() ? profile : null;
}

/** The pay page at `path` unmounts: when the address is another page's now, the profile given is spent. */
export function leavingProfilePage(path: string): void {
  if (typeof window !== 'undefined' && window.location.pathname !== path) used = true;
}
