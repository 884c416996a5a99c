/** GET /api/Reservation/Status and /Confirmation: whether a booking is made, and the booking itself. */
import useSWR from 'swr';
import { apiGet } from '../../lib/api-client';
import type { ReservationStatus } from '../../types/api';

export interface ConfirmationRoom {
  ReservationItemId: number;
  RoomTypeId: number;
  RoomTypeName: string;
  RatePlanId: number;
  RatePlanName: string;
  Policy: string;
  RoomConfiguration: string | null;
  DateFrom: string;
  DateTo: string;
  NumberOfAdults: number;
  NumberOfChildren: number;
  NumberOfInfants: number;
  Guests: { IndividualId: string; IsLeadGuest: boolean; FirstName: string; LastName: string; Email: string | null; Phone: string | null }[];
  Services: { ServiceId: number; ServiceName: string; ChargeType: string; Quantity: number; TotalCost: number }[];
  TotalCost: number;
  OriginalTotalCost: number;
  Vat: number;
  PromotionCode: string | null;
  IsCancelled: boolean;
}

export interface Confirmation {
  PropertyId: number;
  ReservationNumber: string;
  Status: 'PendingPayment' | 'Confirmed' | 'Cancelled';
  DateFrom: string;
  DateTo: string;
  Booker: {
    FirstName: string;
    LastName: string;
    Email: string;
    Phone: string;
    Street: string | null;
    City: string | null;
    StateOrCounty: string | null;
    ZipCode: string | null;
    CountryId: number | null;
  };
  Company: { AccountId: string; Name: string } | null;
  PONumber: string | null;
  PaymentType: string;
  Card: { Brand: string | null; Last4: string; ExpiryMonth: number | null; ExpiryYear: number | null } | null;
  Rooms: ConfirmationRoom[];
  TotalAccommodationPrice: number;
  TotalServicesPrice: number;
  GiftVoucherDiscount: number;
  /** What the guest pays: TotalVat added to the prices when IsTaxExclusive. */
  TotalCost: number;
  TotalVat: number;
  VatRate: number;
  IsTaxExclusive: boolean;
  Currency: string;
  SpecialRequests: string | null;
  Comment: string | null;
  Property: {
    Name: string;
    Address: string | null;
    Email: string | null;
    Telephone: string | null;
    WebsiteUrl: string | null;
    LogoFileUrl: string | null;
  };
  ManageBookingUrl: string;
  PreCheckInUrl: string;
}

/** How often a payment waiting for the bank is checked again. */
const PENDING_POLL_MS = 3000;

export const statusKey = (propertyId: number, token: string) => ['Reservation/Status', propertyId, token] as const;

export function useReservationStatus(propertyId: number, token: string | null) {
  return useSWR(
    token === null ? null : statusKey(propertyId, token),
    ([, id, referenceNumber]) => apiGet<ReservationStatus>('/Reservation/Status', { propertyId: id, referenceNumber }),
    {
      revalidateOnFocus: true,
      refreshInterval: (latest) => (latest?.Status === 'PendingPayment' ? PENDING_POLL_MS : 0),
    },
  );
}

export const confirmationKey = (propertyId: number, token: string) => ['Reservation/Confirmation', propertyId, token] as const;

export function useConfirmation(propertyId: number, token: string) {
  return useSWR(
    confirmationKey(propertyId, token),
    ([, id, confirmationToken]) => apiGet<Confirmation>('/Reservation/Confirmation', { propertyId: id, confirmationToken }),
    {
      revalidateOnFocus: false,
    },
  );
}
