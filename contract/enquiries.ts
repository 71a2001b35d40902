import { z } from 'zod';

import { optionalEmailField, text } from './fields';

/** The four enquiry kinds, as sent and stored. */
export const ENQUIRY_TYPES = ['Hiring', 'Brand Partner', 'Support', 'Contact Us'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** POST /api/auth/putNote: the public enquiry intake. */
export const enquiryBody = z.strictObject({
  type: z.enum(ENQUIRY_TYPES, 'Type must be one of Hiring, Brand Partner, Support, Contact Us'),
  Pname: text('Name', 100),
  // An address when given (staff reply to it with a mailto: link); empty as the spec's N/A card allows.
  Pemail: optionalEmailField,
  details: text('Details', 5000),
});
export type EnquiryBody = z.infer<typeof enquiryBody>;

export const addEnquiryAnswer = z.object({ success: z.literal(true), _id: z.string() });

export const enquiry = z.object({
  _id: z.string(),
  type: z.enum(ENQUIRY_TYPES),
  name: z.string(),
  email: z.string(),
  details: z.string(),
  /** ISO 8601: when the enquiry arrived. */
  createdAt: z.string(),
});
export type Enquiry = z.infer<typeof enquiry>;

/** getNotes answers this many enquiries at a time. */
export const ENQUIRIES_PAGE_SIZE = 50;

export const getEnquiriesBody = z.strictObject({
  type: z.enum(ENQUIRY_TYPES, 'Type must be one of Hiring, Brand Partner, Support, Contact Us'),
  /** The previous answer's nextCursor, for the older enquiries after it. */
  cursor: z
    .string('cursor must be a string')
    .min(1, 'cursor must not be empty')
    .max(500, 'cursor is too long')
    .optional(),
});

/** POST /api/admin/getNotes → the newest 50 enquiries of one type (then the next 50 from nextCursor). */
export const getEnquiriesAnswer = z.object({
  success: z.literal(true),
  data: z.array(enquiry),
  nextCursor: z.string().nullable(),
});

/** GET /api/admin/noteCounts: how many enquiries each tab of /requests holds. */
export const enquiryCountsAnswer = z.object({
  success: z.literal(true),
  counts: z.object({ Hiring: z.int(), 'Brand Partner': z.int(), Support: z.int(), 'Contact Us': z.int() }),
});
export type EnquiryCounts = z.infer<typeof enquiryCountsAnswer>['counts'];
