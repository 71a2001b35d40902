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

export async function addEnquiry(db: Queryable, body: PutNoteBody): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into notes (type, name, email, details) values ($1, $2, $3, $4) returning id',
    [body.type, body.Pname, body.Pemail, body.details],
  );
  return rows[0].id;
}

/**
 * Newest first: staff read the latest enquiries before older ones (index notes_type_order_idx, which holds
 * this whole order). One page of NOTES_PAGE_SIZE; `$2`/`$3` is the last enquiry shown (null for the first
 * page), so a page never repeats or skips one however many arrive meanwhile.
 */
export const ENQUIRIES_SQL = `select id::text as "_id", type, name, email, details,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        created_at::text as key_time
     from notes
     where type = $1 and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::uuid))
     order by created_at desc, id desc
     limit $4`;

const NOTES_KEY = ['timestamptz', 'uuid'] as const;
const BAD_CURSOR = 'cursor is not valid: ask for the first page again';

export async function listEnquiries(
  db: Queryable,
  type: EnquiryType,
  cursor?: string,
): Promise<{ notes: Note[]; nextCursor: string | null }> {
  const [afterTime, afterId] = cursor ? decodeCursor(cursor, type, NOTES_KEY, BAD_CURSOR) : [null, null];
  const { rows } = await db.query<Note & { key_time: string }>(ENQUIRIES_SQL, [
    type,
    afterTime,
    afterId,
    NOTES_PAGE_SIZE + 1,
  ]);
  const page = rows.slice(0, NOTES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notes: page.map(({ key_time: _, ...note }) => note),
    nextCursor: rows.length > NOTES_PAGE_SIZE && last ? encodeCursor(type, [last.key_time, last._id]) : null,
  };
}

/** How many enquiries each type holds (an index-only count over notes_type_order_idx). */
export async function enquiryCounts(db: Queryable): Promise<NoteCounts> {
  const { rows } = await db.query<{ type: EnquiryType; n: string }>(
    'select type, count(*)::text as n from notes group by type',
  );
  const counts = Object.fromEntries(ENQUIRY_TYPES.map((type) => [type, 0])) as NoteCounts;
  for (const row of rows) counts[row.type] = Number(row.n);
  return counts;
}
