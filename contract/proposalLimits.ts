/**
 * The numbers and patterns of a gift proposal (contract/proposals.ts), free of zod so that the staff form and the
 * customer's card can check a picture or a price before sending without loading zod.
 */

/** The largest picture staff may attach to a proposal: 2 MB, counted in bytes of the file. */
export const PROPOSAL_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** That picture as base64 text (four characters for every three bytes), which is how it travels in the JSON body. */
export const PROPOSAL_PICTURE_MAX_BASE64 = Math.ceil(PROPOSAL_PICTURE_MAX_BYTES / 3) * 4;
/** The most pixels a proposal picture may declare on each side (a browser draws every one of them). */
export const PROPOSAL_PICTURE_MAX_SIDE = 8000;
/** The picture types taken, each recognised by its first bytes (server/modules/journey/images.ts), never its name. */
export const PROPOSAL_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProposalPictureType = (typeof PROPOSAL_PICTURE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture's type read from its first bytes, or null when it is none of the three (the staff form checks too). */
export function pictureTypeOf(bytes: Uint8Array): ProposalPictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const PROPOSAL_TITLE_MAX = 120;
export const PROPOSAL_DESCRIPTION_MAX = 1000;
export const PROPOSAL_REASON_MAX = 500;
export const PROPOSAL_NOTE_MAX = 500;

/** A price as staff type it: "49.99", "49" or "$49.99" (at most seven digits of dollars). */
export const PRICE_PATTERN = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/** A typed price in cents, or null when it is not an amount of money. */
export function priceCents(typed: string): number | null {
  const m = PRICE_PATTERN.exec(typed.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the API answers a price: "49.00". */
export const priceText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
