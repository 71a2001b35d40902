import type { EnquiryType, Note, PutNoteBody } from '#contract/notes';

import type { Queryable } from '../db/db';

export async function addNote(db: Queryable, body: PutNoteBody): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into notes (type, name, email, details) values ($1, $2, $3, $4) returning id',
    [body.type, body.Pname, body.Pemail, body.details],
  );
  return rows[0].id;
}

/** Newest first: staff read the latest enquiries before older ones (index notes_type_order_idx). */
export const NOTES_SQL = `select id::text as "_id", type, name, email, details from notes
     where type = $1 order by created_at desc, id`;

export async function listNotes(db: Queryable, type: EnquiryType): Promise<Note[]> {
  const { rows } = await db.query<Note>(NOTES_SQL, [type]);
  return rows;
}
