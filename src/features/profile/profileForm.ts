import type { UpdateUserInput, UserProfile } from '#contract/auth';
import type { OrderingDetails } from '#contract/orderingProfile';

/** What the profile inputs hold: text as typed; month and year as the selected option ('' = none); switches on/off. */
export interface ProfileForm {
  name: string;
  address: string;
  phno: string;
  cardHolderName: string;
  cardNumber: string;
  cvv: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  billingZipCode: string;
  autoApproveProposals: boolean;
}

export function toForm(p: UserProfile, years: number[]): ProfileForm {
  return {
    name: p.name,
    address: p.address,
    phno: p.phno,
    cardHolderName: p.cardHolderName,
    // Never returned by the server: typed again only to change the card.
    cardNumber: '',
    cvv: '',
    cardExpirationMonth: p.cardExpirationMonth === null ? '' : String(p.cardExpirationMonth),
    // A year that is no longer offered (an expired card) is left for the user to choose again.
    cardExpirationYear:
      p.cardExpirationYear !== null && years.includes(p.cardExpirationYear) ? String(p.cardExpirationYear) : '',
    billingZipCode: p.billingZipCode,
    autoApproveProposals: p.autoApproveProposals,
  };
}

/** The PUT body as updateUserBody expects it: no email; month/year numbers or null; card only when typed. */
export function toUpdateBody(f: ProfileForm): UpdateUserInput {
  const body: UpdateUserInput = {
    name: f.name,
    address: f.address,
    phno: f.phno,
    cardHolderName: f.cardHolderName,
    cardExpirationMonth: f.cardExpirationMonth === '' ? null : Number(f.cardExpirationMonth),
    cardExpirationYear: f.cardExpirationYear === '' ? null : Number(f.cardExpirationYear),
    billingZipCode: f.billingZipCode,
    autoApproveProposals: f.autoApproveProposals,
  };
  if (f.cardNumber.trim() !== '') body.cardNumber = f.cardNumber.trim();
  if (f.cvv.trim() !== '') body.cvv = f.cvv.trim();
  return body;
}

/** What the server keeps of a saved form, as far as ordering is concerned. */
export function savedOrderingDetails(f: ProfileForm, cardLast4: string | null): OrderingDetails {
  return {
    address: f.address,
    phno: f.phno,
    cardHolderName: f.cardHolderName,
    cardLast4,
    cardExpirationMonth: f.cardExpirationMonth === '' ? null : Number(f.cardExpirationMonth),
    cardExpirationYear: f.cardExpirationYear === '' ? null : Number(f.cardExpirationYear),
    billingZipCode: f.billingZipCode,
  };
}
