/**
 * The addresses of the site's screens that emails send their reader to (src/app/routes.tsx serves each), built on
 * PUBLIC_URL: one place for each, rather than a template string in every email.
 */

/** The order's card on the orders screen: the screen scrolls to it and focuses it. */
export const orderCardUrl = (publicUrl: string, orderId: string) =>
  `${publicUrl}/orders?order=${encodeURIComponent(orderId)}`;

/** The order's card, where its feedback panel asks how the gift went: the delivered email's link. */
export const orderFeedbackUrl = (publicUrl: string, orderId: string) =>
  `${orderCardUrl(publicUrl, orderId)}&feedback=1`;

/** The profile, where order emails are turned off. */
export const profileUrl = (publicUrl: string) => `${publicUrl}/profile`;

/** The contact page: our email address, and a form that reaches staff. */
export const contactUrl = (publicUrl: string) => `${publicUrl}/contact`;

/**
 * Where the account's owner sets a new password: a customer through a reset link (which needs no current password,
 * so it serves an owner whose password someone else changed), an admin on their account page.
 */
export const newPasswordUrl = (publicUrl: string, account: 'customer' | 'admin') =>
  account === 'admin' ? `${publicUrl}/admin/account` : `${publicUrl}/forgotpass`;
