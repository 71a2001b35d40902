import { describe, expect, it } from 'vitest';

import { GPS_TEXT, jpeg, png, webp } from '../../../tests/support/pictures';
import { readPicture } from './pictureMetadata';

/** The edges of reading a picture's container (proposals.test.ts covers what a served picture holds). */
describe('readPicture', () => {
  it('reads the declared size of each format', () => {
    expect(readPicture(jpeg(640, 480), 'image/jpeg')).toMatchObject({ width: 640, height: 480 });
    expect(readPicture(png(3, 7), 'image/png')).toMatchObject({ width: 3, height: 7 });
    expect(readPicture(webp(1, 16_383), 'image/webp')).toMatchObject({ width: 1, height: 16_383 });
  });

  it('refuses a file cut short, whatever the format, rather than storing part of it', () => {
    for (const [picture, type] of [
      [jpeg(10, 10), 'image/jpeg'],
      [png(10, 10), 'image/png'],
      [webp(10, 10), 'image/webp'],
    ] as const) {
      for (const cut of [20, picture.length - 40]) expect(readPicture(picture.subarray(0, cut), type)).toBeNull();
    }
  });

  it('keeps a JPEG whose EXIF cannot be read, upright and without it', () => {
    const picture = jpeg(10, 10);
    const exifAt = picture.indexOf('Exif\0\0');
    // The directory's offset now points far past the segment's end.
    const broken = Buffer.from(picture);
    broken.writeUInt32BE(0xffff, exifAt + 6 + 4);
    const read = readPicture(broken, 'image/jpeg')!;
    expect(read).toMatchObject({ width: 10, height: 10 });
    expect(read.bytes.includes('Exif')).toBe(false);
    expect(read.bytes.toString('latin1')).not.toContain(GPS_TEXT);
  });

  it('keeps an upright JPEG without any EXIF, and its ICC profile', () => {
    const read = readPicture(jpeg(10, 10, { orientation: 1 }), 'image/jpeg')!;
    expect(read.bytes.includes('Exif')).toBe(false);
    const icc = Buffer.concat([Buffer.from([0xff, 0xe2, 0, 16]), Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1')]);
    const withIcc = Buffer.concat([jpeg(10, 10).subarray(0, 2), icc, jpeg(10, 10).subarray(2)]);
    expect(readPicture(withIcc, 'image/jpeg')!.bytes.includes(icc)).toBe(true);
  });
});
