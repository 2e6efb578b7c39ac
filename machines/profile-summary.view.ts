import type { ShellProfile } from './profile-summary.machine';

/**
 * The bio line of the shell's sidebar (issue 22 item 10): the user's bio when there is one; when there is none, a
 * prompt to write one only for a creator (who offers price points: fans read the bio on their page); nothing for
 * anyone else, who has no public page to fill, nor while the profile has not loaded (or could not be).
 */
export type SidebarBio = { kind: 'bio'; text: string } | { kind: 'askForBio' } | null;

export function sidebarBio(summary: ShellProfile | null): SidebarBio {
  if (!summary) return null;
  const text = summary.bio_message.trim();
  if (text) return { kind: 'bio', text: summary.bio_message };
  return summary.creator ? { kind: 'askForBio' } : null;
}
