/** The booking draft the checkout form edits, and its wire shapes. */
import type { BookerDetails } from '@hotel/domain/validation';
import { EMPTY_CARD, type CardDraft } from '../../lib/cards';
import type { Company } from './checkout-api';

export interface BookerDraft {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  Street: string;
  ZipCode: string;
  CountryId: string;
  OptInToReceiveUpdates: boolean;
}

export interface CheckoutDraft {
  booker: BookerDraft;
  password: string;
  confirmPassword: string;
  specialRequests: string;
  comment: string;
  card: CardDraft;
  company: Company | null;
  poNumber: string;
  invoiceTo: 'company' | 'individual';
  agreeToTermsAndConditions: boolean;
  hasAcceptedCustomTermsAndConditions: boolean;
}

export function emptyDraft(
  user?: { Firstname: string; Lastname: string; EmailAddress: string; Telephone: string | null } | null,
): CheckoutDraft {
  return {
    booker: {
      FirstName: user?.Firstname ?? '',
      LastName: user?.Lastname ?? '',
      Email: user?.EmailAddress ?? '',
      Phone: user?.Telephone ?? '',
      Street: '',
      ZipCode: '',
      CountryId: '',
      OptInToReceiveUpdates: false,
    },
    password: '',
    confirmPassword: '',
    specialRequests: '',
    comment: '',
    card: { ...EMPTY_CARD },
    company: null,
    poNumber: '',
    invoiceTo: 'company',
    agreeToTermsAndConditions: false,
    hasAcceptedCustomTermsAndConditions: false,
  };
}

/** What of a draft is kept for the session: never the card, never a password. */
export function keptOfDraft({
  card: _card,
  password: _password,
  confirmPassword: _confirm,
  ...kept
}: CheckoutDraft): Partial<CheckoutDraft> {
  return kept;
}

/**
 * The draft to start from: what was typed earlier in the session (a reload, Back and Forward),
 * else the logged-in user's details; the card and passwords always start empty.
 */
export function restoreDraft(saved: Partial<CheckoutDraft> | undefined, user?: Parameters<typeof emptyDraft>[0]): CheckoutDraft {
  const empty = emptyDraft(user);
  if (saved === undefined) return empty;
  const typed = Object.fromEntries(Object.entries(saved.booker ?? {}).filter(([, value]) => value !== '' && value !== null));
  return { ...empty, ...saved, booker: { ...empty.booker, ...typed }, card: empty.card, password: '', confirmPassword: '' };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The Booker payload: City and StateOrCounty are null, as checkout does not ask for them. */
export function bookerPayload(booker: BookerDraft) {
  return {
    FirstName: booker.FirstName.trim(),
    LastName: booker.LastName.trim(),
    Email: booker.Email.trim(),
    Phone: booker.Phone.trim(),
    Street: blankToNull(booker.Street),
    City: null,
    CountryId: booker.CountryId === '' ? null : Number(booker.CountryId),
    StateOrCounty: null,
    OptInToReceiveUpdates: booker.OptInToReceiveUpdates,
    ZipCode: blankToNull(booker.ZipCode),
  } satisfies BookerDetails & { OptInToReceiveUpdates: boolean };
}
