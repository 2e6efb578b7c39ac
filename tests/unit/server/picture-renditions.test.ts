import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { renderRendition, renditionSpecOf, renditionSpecsFor } from '../../../server/media/renditions';
import { TEST_ARTIST, TEST_CAMERA, testPhoto } from '../../support/pictures';
import { refusal } from '../../support/refusal';

/**
 * Issue 23: a profile picture is resized once to the sizes the views use — avatars 64, 128 and 512 px square, the
 * banner 1500 px wide — in WebP and JPEG, with no EXIF (the test photo's camera and artist must be gone).
 */
describe('profile picture renditions', () => {
  it('are the sizes the views use, for both slots', () => {
    expect(renditionSpecsFor('photo')).toEqual([
      { variant: 'avatar-64', width: 64, height: 64 },
      { variant: 'avatar-128', width: 128, height: 128 },
      { variant: 'avatar-512', width: 512, height: 512 },
    ]);
    expect(renditionSpecsFor('background')).toEqual([{ variant: 'banner-1500', width: 1500, height: null }]);
    expect(renditionSpecOf('photo', 1500)).toBeNull();
    expect(renditionSpecOf('background', 64)).toBeNull();
  });

  it.each([
    ['photo', 64, 'webp', 64, 64],
    ['photo', 128, 'jpeg', 128, 128],
    ['photo', 512, 'webp', 512, 512],
    ['photo', 512, 'jpeg', 512, 512],
    ['background', 1500, 'webp', 1500, 1125],
    ['background', 1500, 'jpeg', 1500, 1125],
  ] as const)('%s %i px as %s from a 2000 × 1500 JPEG is %i × %i, without EXIF', async (slot, size, format, width, height) => {
    const original = await testPhoto(2000, 1500, 'jpeg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(TEST_CAMERA)).toBe(true);

    const { data, info } = await renderRendition(original, renditionSpecOf(slot, size)!, format);
    const read = await sharp(data).metadata();
    expect([read.format, read.width, read.height]).toEqual([format, width, height]);
    expect([info.width, info.height]).toEqual([width, height]);
    expect(read.exif).toBeUndefined();
    expect(read.xmp).toBeUndefined();
    expect(read.iptc).toBeUndefined();
    expect(data.includes(TEST_CAMERA)).toBe(false);
    expect(data.includes(TEST_ARTIST)).toBe(false);
  });

  it('turns a photo upright from its EXIF orientation before dropping it', async () => {
    // 600 × 400 stored, orientation 6 ("rotate 90° clockwise to view"): it is seen as 400 × 600, and so the banner.
    const sideways = await sharp(await testPhoto(600, 400)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { data } = await renderRendition(sideways, renditionSpecOf('background', 1500)!, 'jpeg');
    const read = await sharp(data).metadata();
    expect([read.width, read.height, read.orientation]).toEqual([400, 600, undefined]);
  });

  it('never enlarges a small picture, and makes a PNG a JPEG on white', async () => {
    const small = await testPhoto(300, 200, 'png');
    const { data } = await renderRendition(small, renditionSpecOf('photo', 512)!, 'jpeg');
    const read = await sharp(data).metadata();
    expect([read.format, read.width, read.height]).toEqual(['jpeg', 200, 200]);
  });

  it('refuses bytes that only start like a JPEG (422 media_not_photo)', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    expect(await refusal(renderRendition(fake, renditionSpecOf('photo', 64)!, 'webp'))).toMatchObject({ status: 422, code: 'media_not_photo' });
  });
});
