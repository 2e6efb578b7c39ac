import type { MediaContentType } from '../db/schema/index';

/**
 * What a file is, from its first bytes (its "magic number"), never from its name or the Content-Type a client
 * sends: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), and ISO base media files (bytes 4–8 `ftyp`) whose major
 * brand says MP4 (isom, iso2–iso6, mp41, mp42, avc1, M4V, mmp4, dash) or QuickTime (`qt  `). Anything else is refused.
 */
export const SNIFF_BYTES = 12;

export interface Sniffed {
  kind: 'photo' | 'video';
  contentType: MediaContentType;
  extension: 'jpg' | 'png' | 'mp4' | 'mov';
}

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'mmp4', 'dash']);

export function sniffMedia(head: Buffer): Sniffed | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'photo', contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'photo', contentType: 'image/png', extension: 'png' };
  }
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ') return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  }
  return null;
}

/**
 * A file name safe to show and to put in Content-Disposition: the last path segment only, letters, digits, spaces,
 * dots, dashes, underscores and parentheses, at most 100 characters, ending in the extension of what the bytes are.
 */
export function sanitizeFileName(raw: string | undefined, sniffed: Sniffed): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const stem = cleaned.replace(/\.[^.]*$/, '').slice(0, 90).trim();
  return `${stem || (sniffed.kind === 'photo' ? 'photo' : 'video')}.${sniffed.extension}`;
}
