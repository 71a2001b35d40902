import { z } from 'zod';

import { text } from './fields';

/** The four enquiry kinds, as sent and stored. */
export const ENQUIRY_TYPES = ['Hiring', 'Brand Partner', 'Support', 'Contact Us'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** POST /api/auth/putNote: the public enquiry intake. */
export const putNoteBody = z.strictObject({
  type: z.enum(ENQUIRY_TYPES, 'Type must be one of Hiring, Brand Partner, Support, Contact Us'),
  Pname: text('Name', 100),
  Pemail: text('Email', 254),
  details: text('Details', 5000),
});
export type PutNoteBody = z.infer<typeof putNoteBody>;

export const putNoteAnswer = z.object({ success: z.literal(true), _id: z.string() });

export const note = z.object({
  _id: z.string(),
  type: z.enum(ENQUIRY_TYPES),
  name: z.string(),
  email: z.string(),
  details: z.string(),
});
export type Note = z.infer<typeof note>;

export const getNotesBody = z.strictObject({ type: z.enum(ENQUIRY_TYPES) });

/** POST /api/admin/getNotes → the enquiries of one type, newest first. */
export const getNotesAnswer = z.object({ success: z.literal(true), data: z.array(note) });
