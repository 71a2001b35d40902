import type { ProposalPictureType } from '#contract/proposalLimits';

/**
 * A proposal picture read by its container alone (no decoder, no native library): its declared size, and its bytes
 * with the metadata a camera or an editor leaves in the file (EXIF with its GPS position, XMP, comments, text
 * chunks, times) left out, so that what staff upload is served without it. What draws the picture (the JPEG's
 * tables, frame and scans, the PNG's image chunks, the WebP's bitstream) and its colour profile (ICC) are kept as
 * they are, and so is a JPEG's EXIF orientation, rewritten as an EXIF of that one tag (a phone's photo would
 * otherwise show on its side); nothing is decoded or re-encoded. Null when the structure cannot be read to the end,
 * or it declares no size.
 */
export interface ReadPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

export function readPicture(bytes: Buffer, type: ProposalPictureType): ReadPicture | null {
  try {
    if (type === 'image/jpeg') return readJpeg(bytes);
    if (type === 'image/png') return readPng(bytes);
    return readWebp(bytes);
  } catch (err) {
    // A length that points past the end: a broken file (Buffer's reads throw RangeError).
    if (err instanceof RangeError) return null;
    throw err;
  }
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/** APP1..APP15 (EXIF, XMP, Photoshop, maker notes…) and COM go; APP0 (JFIF) and an ICC profile in APP2 stay. */
function dropJpegSegment(marker: number, data: Buffer): boolean {
  if (marker === 0xfe) return true;
  if (marker === 0xe2) return !data.subarray(0, ICC_PROFILE.length).equals(ICC_PROFILE);
  return marker >= 0xe1 && marker <= 0xef;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ORIENTATION_TAG = 0x0112;

/** The orientation (2 to 8) an APP1 EXIF segment's first directory gives, or null (none, upright, or unreadable). */
function exifOrientation(data: Buffer): number | null {
  if (!data.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) return null;
  try {
    return orientationIn(data.subarray(EXIF_HEADER.length));
  } catch (err) {
    // An EXIF that points past its end leaves the picture upright, as a browser would show it.
    if (err instanceof RangeError) return null;
    throw err;
  }
}

function orientationIn(tiff: Buffer): number | null {
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  for (let i = 0; i < u16(directory); i += 1) {
    const entry = directory + 2 + i * 12;
    if (u16(entry) === ORIENTATION_TAG) {
      const value = u16(entry + 8);
      return value >= 2 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding an EXIF of the orientation alone (big-endian TIFF, one directory of one entry). */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // the directory right after the header
  tiff.writeUInt16BE(1, 8); // one entry:
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // and no next directory (the last four bytes stay 0)
  const data = Buffer.concat([EXIF_HEADER, tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
}

/** Markers that stand alone (no length): SOI, EOI, TEM and the restart markers. */
const standalone = (marker: number) =>
  marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function readJpeg(bytes: Buffer): ReadPicture | null {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let size: { width: number; height: number } | null = null;
  let orientation: number | null = null;
  let at = 2;
  for (;;) {
    if (bytes.readUInt8(at) !== 0xff) return null;
    const marker = bytes.readUInt8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill bytes before a marker
      continue;
    }
    if (marker === 0xd9) {
      // End of image: whatever a file carries after it (a second picture, a trailer of metadata) is left out.
      kept.push(bytes.subarray(at, at + 2));
      break;
    }
    if (standalone(marker)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at, at + 2 + length);
    if (SOF_MARKERS.has(marker)) size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (!dropJpegSegment(marker, segment.subarray(4))) kept.push(segment);
    else if (marker === 0xe1 && orientation === null) {
      orientation = exifOrientation(segment.subarray(4));
      if (orientation !== null) kept.push(orientationSegment(orientation));
    }
    at += 2 + length;
    if (marker === 0xda) {
      // The scan's coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart marker.
      const start = at;
      while (at + 1 < bytes.length) {
        const next = bytes.readUInt8(at + 1);
        if (bytes.readUInt8(at) === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        at += 1;
      }
      if (at + 1 >= bytes.length) return null;
      kept.push(bytes.subarray(start, at));
    }
  }
  return size && size.width > 0 && size.height > 0 ? { bytes: Buffer.concat(kept), ...size } : null;
}

const PNG_SIGNATURE_LENGTH = 8;
/** Text, compressed text, international text, EXIF and the time of the last change: metadata, never pixels. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function readPng(bytes: Buffer): ReadPicture | null {
  const kept: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let size: { width: number; height: number } | null = null;
  let at = PNG_SIGNATURE_LENGTH;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length; // length, type, data, CRC
    if (end > bytes.length) return null;
    if (type === 'IHDR') size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break; // anything after the end goes
  }
  return size && size.width > 0 && size.height > 0 ? { bytes: Buffer.concat(kept), ...size } : null;
}

/** VP8X's flags: the EXIF and XMP bits, cleared once their chunks are left out. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function readWebp(bytes: Buffer): ReadPicture | null {
  const riffEnd = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  const kept: Buffer[] = [];
  let size: { width: number; height: number } | null = null;
  let at = 12;
  while (at < riffEnd) {
    const type = bytes.toString('latin1', at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    const end = at + 8 + length + (length % 2); // chunks are padded to an even length
    if (at + 8 + length > riffEnd) return null;
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'VP8X') {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, riffEnd)));
      chunk[8] = chunk.readUInt8(8) & ~(VP8X_EXIF | VP8X_XMP);
      size = { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 };
      kept.push(chunk);
    } else {
      if (type === 'VP8 ' && !size)
        size = { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff };
      if (type === 'VP8L' && !size) {
        const bits = data.readUInt32LE(1);
        size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (type !== 'EXIF' && type !== 'XMP ') kept.push(bytes.subarray(at, Math.min(end, riffEnd)));
    }
    at = end;
  }
  if (!size || size.width <= 0 || size.height <= 0) return null;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return { bytes: Buffer.concat([header, body]), ...size };
}
