// Every email Giftwise sends a customer, and an admin's own notices, built from sample facts: what `npm run emails`
// writes to look at, and what scripts/emails.test.ts checks both parts of. A new email gets a line here.
import {
  passwordChangedEmail,
  passwordResetEmail,
  remindersOnAgainEmail,
  signInFailuresEmail,
  verificationEmail,
} from '../server/modules/accounts/accountEmails';
import { secondFactorEnrolledEmail, secondFactorResetEmail } from '../server/modules/admin/secondFactorEmails';
import {
  autoApprovedProposalEmail,
  deliveredEmail,
  proposalEmail,
  shippedEmail,
} from '../server/modules/journey/journeyEmails';
import type { MailContent } from '../server/modules/mail/mailQueue';
import { orderReceivedEmail } from '../server/modules/orders/orderReceivedEmail';
import { orderStatusEmail } from '../server/modules/orderStatus/orderStatusEmail';
import { orderFromReminderUrl, reminderEmail } from '../server/modules/reminders/reminderEmail';

export interface EmailSample {
  /** The file name in the preview folder. */
  name: string;
  mail: MailContent;
  /** The email's main link: the one its button opens. Null for an email with nothing to click (a notice). */
  mainLink: string | null;
  /** Every address the email gives, in both parts: each place its words send the reader. */
  links: readonly string[];
}

/** What the customer typed, in the samples: names and notes an email must show as words, never as markup. */
export interface SampleText {
  customerName: string;
  recipientName: string;
  occasion: string;
  note: string;
}

export const FRIENDLY: SampleText = {
  customerName: 'Ann Lee',
  recipientName: 'Mia Chen',
  occasion: 'birthday',
  note: 'Left with the neighbour at number 12, as asked.',
};

const PUBLIC_URL = 'https://giftwise.example';
const ORDER_URL = `${PUBLIC_URL}/orders?order=8f14e45f-ceea-467f-a0e6-7d3f0c1b2a90`;
const UNSUBSCRIBE_URL = `${PUBLIC_URL}/api/reminders/unsubscribe/sample-token`;
/** Where a customer turns order emails off: every order email's footer links it. */
const PROFILE_URL = `${PUBLIC_URL}/profile`;
/** Where a customer who cannot sign in, or whose password may be known, sets a new one. */
const FORGOT_PASSWORD_URL = `${PUBLIC_URL}/forgotpass`;
const ADMIN_ACCOUNT_URL = `${PUBLIC_URL}/admin/account`;
const ADMIN_SIGN_IN_URL = `${PUBLIC_URL}/admin`;

const REMINDER_PERSON_ID = '3c59dc04-8f3a-4b5e-9a51-0c2f6b1d7e11';
const REMINDER_DATE_ID = 'a87ff679-a2f3-4e71-9181-a67b7542122c';
const REMINDER_DATE = '2026-12-04';

/** Every customer email, with the customer's words taken from `t`. */
export function emailSamples(t: SampleText = FRIENDLY): EmailSample[] {
  const order = {
    customerName: t.customerName,
    recipientName: t.recipientName,
    occasion: t.occasion,
    date: '2026-12-04',
    orderUrl: ORDER_URL,
    publicUrl: PUBLIC_URL,
  };
  const verifyUrl = `${PUBLIC_URL}/verify-email/sample-token`;
  const resetUrl = `${PUBLIC_URL}/resetpass/sample-token`;
  const reminder = reminderEmail({
    customerName: t.customerName,
    personId: REMINDER_PERSON_ID,
    personName: t.recipientName,
    occasion: t.occasion,
    dateId: REMINDER_DATE_ID,
    date: REMINDER_DATE,
    daysAway: 7,
    orderBy: { day: '2026-12-02', why: 'Flowers need 2 days' },
    milestone: { kind: 'age', number: 30 },
    giftIdeas: ['A pottery class', t.note],
    publicUrl: PUBLIC_URL,
    unsubscribeUrl: UNSUBSCRIBE_URL,
  });
  const reminderOrderUrl = orderFromReminderUrl({
    publicUrl: PUBLIC_URL,
    personId: REMINDER_PERSON_ID,
    dateId: REMINDER_DATE_ID,
    date: REMINDER_DATE,
  });
  const feedbackUrl = `${ORDER_URL}&feedback=1`;
  const trackingUrl = 'https://tracking.example/parcel/1Z999AA10123456784';
  return [
    {
      name: 'verification',
      mail: verificationEmail({ url: verifyUrl, linkHours: 48 }),
      mainLink: verifyUrl,
      links: [verifyUrl],
    },
    { name: 'password-reset', mail: passwordResetEmail({ url: resetUrl }), mainLink: resetUrl, links: [resetUrl] },
    { name: 'reminder', mail: reminder, mainLink: reminderOrderUrl, links: [reminderOrderUrl, UNSUBSCRIBE_URL] },
    {
      name: 'reminders-on-again',
      mail: remindersOnAgainEmail({ name: t.customerName, unsubscribeUrl: UNSUBSCRIBE_URL, publicUrl: PUBLIC_URL }),
      mainLink: UNSUBSCRIBE_URL,
      links: [UNSUBSCRIBE_URL, FORGOT_PASSWORD_URL],
    },
    {
      name: 'sign-in-failures',
      mail: signInFailuresEmail({
        accountKind: 'customer',
        email: 'ann@example.com',
        failures: 5,
        maxDelaySeconds: 900,
        publicUrl: PUBLIC_URL,
      }),
      mainLink: null,
      links: [FORGOT_PASSWORD_URL],
    },
    {
      name: 'password-changed',
      mail: passwordChangedEmail({ accountKind: 'customer', email: 'ann@example.com', publicUrl: PUBLIC_URL }),
      mainLink: null,
      links: [FORGOT_PASSWORD_URL],
    },
    {
      name: 'password-changed-admin',
      mail: passwordChangedEmail({ accountKind: 'admin', email: 'boss@example.com', publicUrl: PUBLIC_URL }),
      mainLink: null,
      links: [ADMIN_ACCOUNT_URL],
    },
    {
      name: 'second-factor-enrolled',
      mail: secondFactorEnrolledEmail({ email: 'boss@example.com' }),
      mainLink: null,
      links: [],
    },
    {
      name: 'second-factor-reset',
      mail: secondFactorResetEmail({ email: 'boss@example.com', publicUrl: PUBLIC_URL }),
      mainLink: ADMIN_SIGN_IN_URL,
      links: [ADMIN_SIGN_IN_URL],
    },
    { name: 'order-received', mail: orderReceivedEmail(order), mainLink: ORDER_URL, links: [ORDER_URL, PROFILE_URL] },
    {
      name: 'order-processed',
      mail: orderStatusEmail({ ...order, status: 'processed' }),
      mainLink: ORDER_URL,
      links: [ORDER_URL, PROFILE_URL],
    },
    {
      name: 'order-finished',
      mail: orderStatusEmail({ ...order, status: 'finished' }),
      mainLink: ORDER_URL,
      links: [ORDER_URL, PROFILE_URL],
    },
    {
      name: 'order-rejected',
      mail: orderStatusEmail({ ...order, status: 'rejected', reason: t.note }),
      mainLink: ORDER_URL,
      links: [ORDER_URL, `${PUBLIC_URL}/contact`, PROFILE_URL],
    },
    {
      name: 'proposal',
      mail: proposalEmail({
        ...order,
        title: 'Hand-thrown mug and single-origin coffee',
        description: t.note,
        price: '54.00',
        overBudgetReason: t.note,
        imageUrl: `${PUBLIC_URL}/api/gifts/images/6512bd43-d9ca-4e4f-8d2b-2b1c3f4e5a66`,
      }),
      mainLink: ORDER_URL,
      links: [ORDER_URL, PROFILE_URL],
    },
    {
      name: 'proposal-approved-automatically',
      mail: autoApprovedProposalEmail({
        ...order,
        title: 'Hand-thrown mug and single-origin coffee',
        description: t.note,
        price: '44.00',
        imageUrl: `${PUBLIC_URL}/api/gifts/images/6512bd43-d9ca-4e4f-8d2b-2b1c3f4e5a66`,
      }),
      mainLink: ORDER_URL,
      links: [ORDER_URL, PROFILE_URL],
    },
    {
      name: 'shipped',
      mail: shippedEmail({
        ...order,
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl,
        shippedOn: '2026-12-01',
      }),
      mainLink: trackingUrl,
      links: [trackingUrl, PROFILE_URL],
    },
    {
      name: 'delivered',
      mail: deliveredEmail({ ...order, deliveredOn: '2026-12-03', note: t.note, feedbackUrl }),
      mainLink: feedbackUrl,
      links: [feedbackUrl, PROFILE_URL],
    },
  ];
}
