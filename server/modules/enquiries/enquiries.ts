import { sql } from 'kysely';

import {
  ENQUIRY_TYPES,
  NOTES_PAGE_SIZE,
  type EnquiryType,
  type Note,
  type NoteCounts,
  type PutNoteBody,
} from '#contract/enquiries';

import type { Queryable } from '../../db/db';
import { decodeCursor, encodeCursor } from '../../db/keysetCursor';
import { qb, rowsOf } from '../../db/queryBuilder';

export async function addEnquiry(db: Queryable, body: PutNoteBody): Promise<string> {
  const [added] = await rowsOf(
    db,
    qb
      .insertInto('notes')
      .values({ type: body.type, name: body.Pname, email: body.Pemail, details: body.details })
      .returning('id'),
  );
  return added.id;
}

/**
 * Newest first: staff read the latest enquiries before older ones (index notes_type_order_idx, which holds
 * this whole order). One page of NOTES_PAGE_SIZE; `$2`/`$3` is the last enquiry shown (null for the first
 * page), so a page never repeats or skips one however many arrive meanwhile.
 */
/**
 * A page of one type's enquiries, newest first, after the keyset (created_at, id) of the previous page's last row:
 * read backwards from notes_type_order_idx. Each row also carries its created_at as the database writes it (the
 * next cursor's key).
 */
export const enquiriesPageQuery = (type: EnquiryType, after: readonly string[] | null, limit: number) =>
  qb
    .selectFrom('notes')
    .select([
      sql<string>`id::text`.as('_id'),
      'type',
      'name',
      'email',
      'details',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('createdAt'),
      sql<string>`created_at::text`.as('key_time'),
    ])
    .where('type', '=', type)
    .$if(after !== null, (q) =>
      q.where(sql<boolean>`(created_at, id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);

const NOTES_KEY = ['timestamptz', 'uuid'] as const;
const BAD_CURSOR = 'cursor is not valid: ask for the first page again';

export async function listEnquiries(
  db: Queryable,
  type: EnquiryType,
  cursor?: string,
): Promise<{ notes: Note[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor, type, NOTES_KEY, BAD_CURSOR) : null;
  const rows = await rowsOf(db, enquiriesPageQuery(type, after, NOTES_PAGE_SIZE + 1));
  const page = rows.slice(0, NOTES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notes: page.map(({ key_time: _, ...note }) => note),
    nextCursor: rows.length > NOTES_PAGE_SIZE && last ? encodeCursor(type, [last.key_time, last._id]) : null,
  };
}

/** How many enquiries each type holds (an index-only count over notes_type_order_idx). */
export async function enquiryCounts(db: Queryable): Promise<NoteCounts> {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('notes')
      .select(['type', sql<string>`count(*)::text`.as('n')])
      .groupBy('type'),
  );
  const counts = Object.fromEntries(ENQUIRY_TYPES.map((type) => [type, 0])) as NoteCounts;
  for (const row of rows) counts[row.type] = Number(row.n);
  return counts;
}
