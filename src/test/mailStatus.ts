import type { MailStatus } from '#contract/emailVerification';
import * as routes from '#contract/routes';

import { mockRoute } from './mockRoute';

/** The answer of GET /api/auth/mail-status for a customer whose address is verified and whose budget is untouched. */
export const mailStatus = (overrides: Partial<MailStatus> = {}): MailStatus => ({
  success: true,
  email: 'ann@example.com',
  verified: true,
  heldToday: 0,
  dailyLimit: 20,
  ...overrides,
});

/** The mail-status call the profile and orders pages make (src/components/MailStatusNotice.tsx), answering `status`. */
export const mockMailStatus = (status: MailStatus = mailStatus()) => mockRoute(routes.getMailStatus, () => status);
