import type { EnquiryType } from '#contract/enquiries';

/** The footer: each opener and the enquiry kind (dialog title) it opens. */
export const OPENERS: { label: string; type: EnquiryType }[] = [
  { label: "We're Hiring", type: 'Hiring' },
  { label: 'Become a Brand Partner', type: 'Brand Partner' },
  { label: 'Support', type: 'Support' },
  { label: 'Contact Us', type: 'Contact Us' },
];

/** A line under each dialog's title, so the visitor knows what to write. */
export const PROMPTS: Record<EnquiryType, string> = {
  Hiring: 'Tell us a little about yourself and the kind of role you are looking for. Links to your work are welcome.',
  'Brand Partner': 'Tell us about your brand, what you make and how you would like to work together.',
  Support: 'Tell us what you need help with. If it is about an order, include the recipient and the date.',
  'Contact Us': 'Questions, ideas or feedback: we read every message.',
};
