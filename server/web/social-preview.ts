import type { components } from '../../openapi/schema';
import { escapeAttribute } from './spa';
import { pictureVariant } from '../../domain/pictures';

type PublicProfile = components['schemas']['PublicProfile'];

const DESCRIPTION_MAX = 200;

/**
 * Open Graph and Twitter card tags for a creator's public page, so a shared `{host}/{username}` link previews
 * with the creator's name and bio. Crawlers run no scripts, hence server-rendered into index.html. Only the
 * public fields (the same as the public profile call) are used; every value is escaped.
 */
export function socialPreviewTags(profile: PublicProfile, publicUrl: string): string {
  const title = `${profile.full_name} (@${profile.username}) · Tipjar`;
  const bio = profile.profile.bio_message.trim();
  const description = bio
    ? bio.length > DESCRIPTION_MAX
      ? `${bio.slice(0, DESCRIPTION_MAX - 1)}…`
      : bio
    : `Pay @${profile.username} on Tipjar.`;
  const url = `${publicUrl.replace(/\/$/, '')}/${encodeURIComponent(profile.username)}`;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'profile:username', profile.username],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  // The avatar, as the largest JPEG rendition (every crawler reads JPEG; 512 px square suits the summary card).
  const photo = profile.profile.profile_photo;
  if (photo) {
    const image = `${publicUrl.replace(/\/$/, '')}${pictureVariant(photo, 512, 'jpeg')}`;
    tags.push(['property', 'og:image', image], ['property', 'og:image:alt', profile.full_name], ['name', 'twitter:image', image]);
  }
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}" />`).join('\n    ');
}
