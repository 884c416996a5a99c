/**
 * POST /api/Reservation/Create body.
 */
import { z } from 'zod';
import { PAYMENT_TYPE_NAMES, PaymentType } from '../checkout';
import { cardDetailsSchema } from './card-details';
import { bookerSchema } from './contact';
import { reservationRoomSchema } from './reservation-rooms';
import { languageCodeSchema, LONG_TEXT_MAX, optionalText, propertyIdSchema, wireDate } from './scalars';

/** PaymentType as text: its name ("PayByCard") or its number ("0"); read it with `parsePaymentType`. */
export const paymentTypeTextSchema = z.enum([...PAYMENT_TYPE_NAMES, ...Object.values(PaymentType).map(String)] as [string, ...string[]]);

/** BrowserData for payment risk checks (3-D Secure). */
export const browserDataSchema = z.object({
  ColorDepthInBits: z.number().int().min(0).max(64).nullish(),
  JavaScriptEnabled: z.boolean().nullish(),
  BrowserLanguage: optionalText(50),
  ScreenHeight: z.number().int().min(0).max(100_000).nullish(),
  ScreenWidth: z.number().int().min(0).max(100_000).nullish(),
  UserAgent: optionalText(1000),
  TimezoneOffSet: optionalText(10),
});

/**
 * LanguageCode, IsAppBooking, PropertyId, DateFrom, DateTo, Notes, Comment, Booker,
 * CardDetails (only when paying by card, else null), PaymentType, AccountId, PONumber,
 * PromoCode, RatePlanCode, HopGiftVoucherCode, Rooms, BrowserData.
 */
export const reservationCreateRequestSchema = z.object({
  LanguageCode: languageCodeSchema,
  IsAppBooking: z.boolean().nullish(),
  PropertyId: propertyIdSchema,
  DateFrom: wireDate,
  DateTo: wireDate,
  Notes: optionalText(LONG_TEXT_MAX),
  Comment: optionalText(LONG_TEXT_MAX),
  Booker: bookerSchema,
  CardDetails: cardDetailsSchema.nullish(),
  /**
   * At a Stripe property (PaymentProvider "stripe"): the payment method Stripe's Payment Element
   * made in the guest's browser, instead of a card number (which such a property refuses).
   */
  PaymentMethodId: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: 'The card could not be read. Please enter it again.' })
    .nullish(),
  PaymentType: paymentTypeTextSchema,
  AccountId: optionalText(50),
  PONumber: optionalText(50),
  PromoCode: optionalText(50),
  /** The rate code the guest searched with: a rate that requires a code is booked only with it. */
  RatePlanCode: optionalText(50),
  HopGiftVoucherCode: optionalText(50),
  Rooms: z.array(reservationRoomSchema).min(1).max(20),
  BrowserData: browserDataSchema.nullish(),
});

/** A reservation create request as the wire carries it. */
export type ReservationCreateRequest = z.infer<typeof reservationCreateRequestSchema>;
