/** Public contact details of the business, shown on the contact page and in the footer. */
export const CONTACT_EMAIL = 'hello@giftwise.com';

export const WHATSAPP = {
  display: '+1 (555) 010-4438',
  href: 'https://wa.me/15550104438',
};

/** Contact page and footer: social links (placeholder targets until the accounts exist). */
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  { name: 'X', href: 'https://x.com/', icon: 'x' },
] as const;
