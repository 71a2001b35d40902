import { SHELL_MESSAGES } from './shellMessages';

/**
 * Texts users see, letter for letter (docs/screens.md shows where each appears). Screens import these;
 * tests deliberately write the literal text instead, so a typo here fails a test.
 */
export const MESSAGES = {
  ...SHELL_MESSAGES,
  /**
   * Under a rejection's reason, on the customer's order card, where the footer with Contact Us is. The email that
   * tells them has no footer, so it says this in its own words, with links (server/modules/orderStatus).
   */
  rejectedWhatNext:
    'Edit the order to fix it and we will look at it again, or write to us from Contact Us at the foot of the page.',
  enterValidDetails: 'Enter valid details',
  emailAlreadyExists: 'Email Already Exist',
  forgotPasswordSent: 'Email sent to your mail to reset password,Link Expires in 15 minutes',
  profileUpdated: 'Profile updated successfully!',
  fillNecessaryFields: 'Fill all the necessary fields',
  orderSuccess: 'Successfully ordered',
  failedToFetchOrders: 'Failed to fetch orders',
  errorFetchingOrders: 'Error fetching orders',
  failedToFetchOrderDetails: 'Failed to fetch order details',
  statusUpdated: (status: string) => `Order status updated to ${status}`,
  failedToUpdateStatus: 'Failed to update order status',
  errorUpdatingStatus: 'Error updating order status',
  sentSuccessfully: 'Sent Successfully',
  contactSuccess: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
  contactFailure: (email: string) => `Oops! Something went wrong. Please try again or email us directly at ${email}`,
  onlyAdmins: 'Only Admins are allowed',
} as const;

/**
 * The server's refusal of a sign-up whose email already has an account: the one refusal the Sign Up
 * screen answers with the 'Email Already Exist' alert (others, such as a weak password, only show
 * their reason).
 */
export const ACCOUNT_EXISTS_ERROR = 'An account with this email already exists';
