/** What each journey email says (journeyEmails.ts builds both parts from these; the steps' code fills them in). */

export interface OrderFacts {
  customerName: string;
  recipientName: string;
  occasion: string;
  /** The delivery date, YYYY-MM-DD. */
  date: string;
  /** Where the customer sees the order: `${publicUrl}/orders?order=<id>`. */
  orderUrl: string;
  publicUrl: string;
}

export interface ProposalEmailFacts extends OrderFacts {
  title: string;
  description: string;
  /** "49.00" */
  price: string;
  overBudgetReason?: string;
  /** Absolute address of the picture, when there is one. */
  imageUrl?: string;
}

export interface ShippedEmailFacts extends OrderFacts {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  /** YYYY-MM-DD */
  shippedOn: string;
}

export interface DeliveredEmailFacts extends OrderFacts {
  /** YYYY-MM-DD */
  deliveredOn: string;
  note?: string;
  /** Where the customer says how the gift went. */
  feedbackUrl: string;
}
