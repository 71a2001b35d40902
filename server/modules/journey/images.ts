import {
  pictureTypeOf,
  PROPOSAL_PICTURE_MAX_BYTES,
  PROPOSAL_PICTURE_MAX_SIDE,
  type ProposalPictureType,
} from '#contract/proposalLimits';

import type { Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { qb, rowsOf } from '../../db/queryBuilder';
import { HttpError, notFound } from '../../lib/errors';
import { readPicture } from './pictureMetadata';

/**
 * A proposal's picture: taken only when its first bytes say JPEG, PNG or WebP (never the file's name or a declared
 * type) and its structure reads whole with a size of at most PROPOSAL_PICTURE_MAX_SIDE a side; kept without its
 * metadata (pictureMetadata.ts) in order_images, and served from our origin under its random id (decision 0030).
 */

const NOT_AN_IMAGE = 'Picture must be a JPEG, PNG or WebP image';
const TOO_LARGE = 'Picture must be at most 2 MB';
const TOO_MANY_PIXELS = `Picture must be at most ${PROPOSAL_PICTURE_MAX_SIDE} × ${PROPOSAL_PICTURE_MAX_SIDE} pixels`;

export interface Picture {
  bytes: Buffer;
  contentType: ProposalPictureType;
}

/**
 * The base64 picture of a proposal's body, checked and without its metadata: a 400 naming Picture when it is not an
 * image, too large a file, or declares more pixels than a browser should be asked to draw (a 50,000 × 50,000 PNG
 * of a few bytes would take gigabytes to show).
 */
export function decodePicture(base64: string): Picture {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROPOSAL_PICTURE_MAX_BYTES) throw new HttpError(400, TOO_LARGE);
  const contentType = pictureTypeOf(bytes);
  const read = contentType && readPicture(bytes, contentType);
  if (!contentType || !read) throw new HttpError(400, NOT_AN_IMAGE);
  if (read.width > PROPOSAL_PICTURE_MAX_SIDE || read.height > PROPOSAL_PICTURE_MAX_SIDE) {
    throw new HttpError(400, TOO_MANY_PIXELS);
  }
  return { bytes: read.bytes, contentType };
}

/** Stores a picture for the order, in the caller's transaction; its id is the address's capability. */
export async function storePicture(tx: Queryable, orderId: string, picture: Picture, adminId: string) {
  const [row] = await rowsOf(
    tx,
    qb
      .insertInto('order_images')
      .values({ order_id: orderId, content_type: picture.contentType, bytes: picture.bytes, admin_id: adminId })
      .returning('id'),
  );
  return row.id;
}

/** A stored picture by its id: 404 for an unknown or malformed one. */
export async function loadPicture(db: Queryable, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  if (!isUuid(id)) throw notFound('Picture');
  const [row] = await rowsOf(db, qb.selectFrom('order_images').select(['content_type', 'bytes']).where('id', '=', id));
  if (!row) throw notFound('Picture');
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}

/**
 * The headers a picture is served with: its own type and never another (nosniff); a policy that lets the file,
 * opened on its own, run or load nothing; kept in the browser only, and asked for again on each use (no-cache,
 * answered 304 by its ETag while it lives), so that a picture deleted with its proposal is not shown again from a
 * browser's cache. Embeddable from another origin (the site's default is same-origin): a webmail shows the email's
 * picture from its own origin, and the unguessable id, not the embedding origin, is what guards it.
 */
export const PICTURE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-cache',
  'content-disposition': 'inline',
} as const;

/** A picture's ETag: its id, since a picture's bytes never change under it (a new picture gets a new id). */
export const pictureEtag = (id: string) => `"${id}"`;
