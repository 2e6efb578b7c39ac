import sharp from 'sharp';

/** The camera make written into test photos' EXIF: a rendition must not carry it (nor any other metadata). */
export const TEST_CAMERA = 'TipjarTestCamera';
export const TEST_ARTIST = 'Maya Example, 5th Avenue';

/**
 * A real photo to upload (the renditions decode it, so the FILES stand-ins — magic bytes and filler — will not do):
 * a two-colour picture of `width` × `height` with EXIF naming a camera and an artist, and an orientation tag.
 */
export async function testPhoto(width = 800, height = 600, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const half = Buffer.alloc(Math.ceil(width / 2) * height * 3, 0);
  const left = sharp({ create: { width, height, channels: 3, background: { r: 230, g: 90, b: 40 } } }).composite([
    { input: half, raw: { width: Math.ceil(width / 2), height, channels: 3 }, left: 0, top: 0 },
  ]);
  const image = left.withExif({ IFD0: { Make: TEST_CAMERA, Artist: TEST_ARTIST } });
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}
