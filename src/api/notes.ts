import type { PutNoteBody } from '#contract/enquiries';

import { request, type ApiAnswer } from './client';

/** Public enquiry intake (footer dialogs and the contact form). */
export const putNote = (body: PutNoteBody) =>
  request<ApiAnswer<{ _id: string }>>('/api/auth/putNote', { method: 'POST', body });
