/**
 * Small pictures built byte by byte, whole in their container's structure (segments, chunks, sizes) though their
 * pixels are not meant to be decoded: what the server reads of a proposal's picture (its declared size, its
 * metadata) is all there, with a GPS position and a camera's comments to be left out.
 */

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** What the metadata of these pictures says, to be looked for in what the server serves. */
export const GPS_TEXT = 'GPS 51.5237 N 0.1585 W';

const jpegSegment = (marker: number, data: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

/** An EXIF (APP1) with its orientation and, in a second entry's text, the GPS position. */
function exif(orientation: number): Buffer {
  const gps = latin1(`${GPS_TEXT}\0`);
  const tiff = Buffer.concat([
    latin1('MM'),
    u16be(42),
    u32be(8),
    u16be(2),
    // Orientation, SHORT, one value.
    u16be(0x0112),
    u16be(3),
    u32be(1),
    u16be(orientation),
    u16be(0),
    // ImageDescription, ASCII, its text after the directory.
    u16be(0x010e),
    u16be(2),
    u32be(gps.length),
    u32be(8 + 2 + 2 * 12 + 4),
    u32be(0),
    gps,
  ]);
  return jpegSegment(0xe1, Buffer.concat([latin1('Exif\0\0'), tiff]));
}

/** A baseline JPEG of this size: JFIF, an EXIF with the GPS text, XMP, a comment, the frame, one scan, the end. */
export function jpeg(width: number, height: number, { orientation = 6 } = {}): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.concat([latin1('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])])),
    exif(orientation),
    jpegSegment(0xe1, latin1(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${GPS_TEXT}</x:xmpmeta>`)),
    jpegSegment(0xfe, latin1(`Taken at ${GPS_TEXT}`)),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])])),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    // Coded data with a stuffed 0xFF00 and a restart marker, which belong to the scan.
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    Buffer.from([0xff, 0xd9]),
    // After the end: a trailer some cameras write.
    latin1(GPS_TEXT),
  ]);
}

const pngChunk = (type: string, data: Buffer) => Buffer.concat([u32be(data.length), latin1(type), data, u32be(0)]);

/** A PNG of this size with a text chunk of the GPS position, a time, an eXIf and the image data. */
export function png(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 6, 0, 0, 0])])),
    pngChunk('tEXt', latin1(`Comment\0${GPS_TEXT}`)),
    pngChunk('iTXt', latin1(`Location\0\0\0\0\0${GPS_TEXT}`)),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 28, 12, 0, 0])),
    pngChunk('eXIf', latin1(`MM\0*${GPS_TEXT}`)),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const webpChunk = (type: string, data: Buffer) =>
  Buffer.concat([latin1(type), u32le(data.length), data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);

const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);

/** An extended WebP (VP8X, its EXIF and XMP flags set) of this size, with EXIF and XMP chunks and a lossy frame. */
export function webp(width: number, height: number): Buffer {
  const frame = Buffer.concat([
    Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]),
    Buffer.from([width & 0xff, (width >> 8) & 0x3f, height & 0xff, (height >> 8) & 0x3f]),
    Buffer.alloc(7, 0x11),
  ]);
  const body = Buffer.concat([
    webpChunk('VP8X', Buffer.concat([Buffer.from([0x08 | 0x04, 0, 0, 0]), u24le(width - 1), u24le(height - 1)])),
    webpChunk('VP8 ', frame),
    webpChunk('EXIF', latin1(`MM\0*${GPS_TEXT}`)),
    webpChunk('XMP ', latin1(`<x:xmpmeta>${GPS_TEXT}</x:xmpmeta>`)),
  ]);
  return Buffer.concat([latin1('RIFF'), u32le(4 + body.length), latin1('WEBP'), body]);
}
