import { z } from 'zod';
import { isValidDate, isValidTimeZone } from '@hotel/domain/dates';
import { ISO_CURRENCIES, MAX_CURRENCY_EXPONENT } from '@hotel/domain/money';
import { DEFAULT_BASE_NUMBER_OF_ADULTS } from '@hotel/domain/pricing';
import { isValidTimeOfDay } from '@hotel/domain/time-of-day';
import { PERCENT_DECIMALS } from '@hotel/db/schema/shared-columns';
import { webhookEndpointSchema } from '../hotel-events';

// The property definition file (docs/property-definition.md): what a hotel writes.
// Objects are strict so that a mistyped key is reported rather than silently ignored.

const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'use letters, digits, "-", "_" or "."');
const name = z.string().trim().min(1).max(200);
const text = z.string().max(4000);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isValidDate, 'must be a real date');
const weekdays = z
  .array(z.number().int().min(1, 'weekdays run 1 (Monday) to 7 (Sunday)').max(7, 'weekdays run 1 (Monday) to 7 (Sunday)'))
  .min(1);
const months = z.array(z.number().int().min(1, 'months run 1 to 12').max(12, 'months run 1 to 12')).min(1);
const clock = z
  .string()
  .regex(/^\d{2}:\d{2}$/, 'must be a 24-hour time HH:mm')
  .refine(isValidTimeOfDay, 'must be a 24-hour time HH:mm');
/**
 * An active ISO 4217 code: its minor unit decides how prices in it are counted, rounded and
 * charged (docs/pricing.md, "Currencies and minor units"), so a code the standard does not
 * list (or no longer lists) is refused rather than guessed at. An enum, so the JSON Schema
 * lists the codes too.
 */
const currency = z.enum(ISO_CURRENCIES, { error: 'must be an active ISO 4217 currency code in capitals, such as GBP, EUR, JPY or KWD' });
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb');
const url = z
  .string()
  .max(2000)
  .refine((value) => /^(https?:\/\/|\/)/.test(value), 'must be an http(s) address or a path starting with /');
const count = z.number().int().min(0).max(1000);
const optionalBound = count.nullish();

/**
 * A price in major units of the property's currency (14.5 = £14.50, 170173 = ¥170,173), never
 * negative, with at most 4 decimals (CLF's): the schema does not know the currency. The import
 * then refuses more decimals than the property's currency has (definition-problems.ts): ¥100.5
 * or £14.505 is not a price.
 */
export const amount = z
  .number()
  .min(0)
  .max(10_000_000)
  .multipleOf(
    Number(`1e-${MAX_CURRENCY_EXPONENT}`),
    `must have at most ${MAX_CURRENCY_EXPONENT} decimals, and no more than its currency has`,
  );

/**
 * A percentage as written (8.875 = 8.875 %), kept exactly: at most 4 decimals, the precision
 * it is stored with. A rate with more is refused rather than rounded.
 */
const percentFrom = (lowest: z.ZodNumber) =>
  lowest.max(100).multipleOf(10 ** -PERCENT_DECIMALS, `must have at most ${PERCENT_DECIMALS} decimals`);
const percent = percentFrom(z.number().min(0));
/** A discount: more than 0 % (one bound only, so its JSON Schema has no minimum beside exclusiveMinimum). */
const positivePercent = percentFrom(z.number().gt(0));

const timeZone = z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London');

const theme = z.strictObject({
  Primary: colour,
  Secondary: colour,
  Accent: colour,
  Tertiary: colour,
  Dark: colour,
  DarkPage: colour,
  Positive: colour,
  Negative: colour,
  Info: colour,
  Warning: colour,
  LightPage: colour,
  BrandPrimary: colour,
});

const occupancy = z.strictObject({
  EnableChildrenSearch: z.boolean().default(true),
  EnableInfantSearch: z.boolean().default(true),
  DefaultOccupancyAdult: z.number().int().min(1).max(20).default(1),
  DefaultOccupancyChildren: z.number().int().min(0).max(20).default(0),
  DefaultOccupancyInfant: z.number().int().min(0).max(20).default(0),
  AdultMaximumOccupancy: z.number().int().min(1).max(50).default(4),
  ChildMaximumOccupancy: z.number().int().min(0).max(50).default(4),
  AdultLabel: name.default('Adults'),
  ChildrenLabel: name.default('Children'),
  InfantLabel: name.default('Infants'),
  ShowRoomTypeOccupancy: z.boolean().default(true),
});

const bookingConfiguration = z.strictObject({
  HidePromoCodeOnLandingPage: z.boolean().default(false),
  NoAvailabilityMessage: text.default('This hotel is unavailable on your selected dates.'),
  MaxNumberOfRoomsOnBooking: z.number().int().min(1).max(50).nullish(),
  ShowRoomConfigurationQuestion: z.boolean().default(false),
  Offers: z.array(name).default([]),
  BookingIncentives: z.array(name).default([]),
  GiftServiceProviderConfig: z.strictObject({ Active: z.boolean(), Name: name }).default({ Active: false, Name: 'Gift vouchers' }),
  EnableUserChoiceOfPaymentMethod: z.boolean().default(false),
  EnablePayByCompanyInvoice: z.boolean().default(false),
  HasCustomTermsAndConditions: z.boolean().default(false),
  CustomTermsAndConditionsLabel: text.nullish(),
  CustomTermsAndConditionsText: text.nullish(),
  OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: z.boolean().default(false),
  RestaurantBookingServiceActive: z.boolean().default(false),
  RestaurantBookingDefaultRestaurant: name.nullish(),
  RestaurantBookingServiceType: z.enum(['Internal', 'External']).default('Internal'),
  ShowMinimumLengthOfStayNotification: z.boolean().default(true),
  SameDayBookingRestrictionEnabled: z.boolean().default(false),
  SameDayBookingRestrictionHour: z.number().int().min(0).max(23).default(0),
  SameDayBookingRestrictionMinute: z.number().int().min(0).max(59).default(0),
  SameDayBookingRestrictionMessage: text.nullish(),
  AccommodationUnitNoun: name.default('room'),
});

const requiredFields = z.strictObject({
  FirstNameRequired: z.boolean().default(true),
  LastNameRequired: z.boolean().default(true),
  EmailRequired: z.boolean().default(false),
  PhoneRequired: z.boolean().default(false),
  CountryRequired: z.boolean().default(false),
  StreetRequired: z.boolean().default(false),
  CityRequired: z.boolean().default(false),
  StateOrCountyRequired: z.boolean().default(false),
  PostCodeRequired: z.boolean().default(false),
});

const manageBookingConfiguration = z.strictObject({
  ShowRoomConfigurationQuestion: z.boolean().default(false),
  RequireCancellationReason: z.boolean().default(false),
  /**
   * What becomes of the gift voucher part of a booking cancelled after its free-cancellation
   * window (inside it, the voucher always gets it back): kept by the hotel, or returned.
   */
  GiftVoucherOnLateCancellation: z.enum(['KeptByHotel', 'ReturnedToVoucher']).default('KeptByHotel'),
  CheckInTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the check-in time as HH:MM, 24-hour, such as "15:00"')
    .default('15:00'),
  BookerConfiguration: requiredFields.default(requiredFields.parse({})),
  GuestConfiguration: requiredFields.default(requiredFields.parse({})),
});

const preCheckInConfiguration = z.strictObject({
  ShowRoomConfigurationQuestion: z.boolean().default(false),
  ReminderDaysBeforeArrival: z.number().int().min(0).max(60).default(3),
  BookerConfiguration: requiredFields.default(requiredFields.parse({})),
  GuestConfiguration: requiredFields.default(requiredFields.parse({})),
});

const roomType = z.strictObject({
  Code: code,
  Name: name,
  Description: text.default(''),
  ImageUrls: z.array(url).default([]),
  Rooms: z.array(z.string().trim().min(1).max(20)).min(1, 'a room type needs at least one room'),
  MaximumOccupancy: optionalBound,
  MinimumOccupancy: optionalBound,
  AdultMaximumOccupancy: optionalBound,
  ChildMaximumOccupancy: optionalBound,
  UpgradesTo: z.array(code).default([]),
  Configurations: z.array(name).default([]),
});

const nightSelection = {
  From: isoDate.nullish(),
  To: isoDate.nullish(),
  Weekdays: weekdays.nullish(),
  Months: months.nullish(),
};

const price = z.strictObject({
  RoomType: code,
  ...nightSelection,
  BaseRate: amount,
  BaseNumberOfAdults: z.number().int().min(0).max(20).default(DEFAULT_BASE_NUMBER_OF_ADULTS),
  CostPerRoom: amount.default(0),
  CostPerAdult: amount.default(0),
  CostPerChild: amount.default(0),
  CostPerInfant: amount.default(0),
  PerPersonCostPerAdult: amount.default(0),
  PerPersonCostPerChild: amount.default(0),
  PerPersonCostPerInfant: amount.default(0),
  MinLengthOfStay: z.number().int().min(1).max(365).default(1),
  MaxLengthOfStay: z.number().int().min(1).max(365).nullish(),
  MinLengthOfStayThrough: z.number().int().min(1).max(365).nullish(),
  MinAdvanceBookingDays: z.number().int().min(1).max(1500).nullish(),
  MaxAdvanceBookingDays: z.number().int().min(1).max(1500).nullish(),
  ClosedToArrival: z.boolean().default(false),
  ClosedToDeparture: z.boolean().default(false),
  StopSell: z.boolean().default(false),
});

const ratePlan = z.strictObject({
  Code: code,
  Name: name,
  Description: text.default(''),
  Policy: text.default(''),
  CancellationDeadlineHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .nullish(),
  RequiresCode: z.boolean().default(false),
  CanPayByCompanyInvoice: z.boolean().default(false),
  UseOccupancyForRatePlan: z.boolean().default(false),
  MaximumOccupancy: optionalBound,
  MinimumOccupancy: optionalBound,
  AdultMaximumOccupancy: optionalBound,
  ChildMaximumOccupancy: optionalBound,
  Prices: z.array(price).default([]),
});

const promotion = z
  .strictObject({
    Code: code,
    Name: name,
    Message: text.nullish(),
    DiscountPercent: positivePercent.nullish(),
    DiscountAmountPerNight: amount.nullish(),
    RatePlans: z.array(code).min(1),
    RoomTypes: z.array(code).nullish(),
    StayFrom: isoDate.nullish(),
    StayTo: isoDate.nullish(),
    StayWeekdays: weekdays.nullish(),
    StayMonths: months.nullish(),
    BookFrom: isoDate.nullish(),
    BookTo: isoDate.nullish(),
    MinLengthOfStay: z.number().int().min(1).max(365).default(1),
  })
  .refine((p) => (p.DiscountPercent == null) !== (p.DiscountAmountPerNight == null), {
    error: 'give exactly one of DiscountPercent or DiscountAmountPerNight',
    path: ['DiscountPercent'],
  });

const closure = z.strictObject({ RoomType: code, From: isoDate, To: isoDate, Rooms: z.number().int().min(1).max(1000) });

const service = z.strictObject({
  Code: code,
  Name: name,
  Description: text.default(''),
  ChargeType: z.enum(['PerStay', 'PerDay', 'PerQuantity']),
  ChargePerPerson: z.boolean().default(false),
  Articles: z.array(z.strictObject({ Name: name, Price: amount })).min(1, 'a service needs at least one article'),
  AllowEditOnBookingEngine: z.boolean().default(true),
  StartingInventory: z.number().int().min(0).max(100_000).nullish(),
  RoomTypes: z.array(code).nullish(),
  RatePlans: z.array(code).nullish(),
  From: isoDate.nullish(),
  To: isoDate.nullish(),
});

const giftVoucher = z.strictObject({
  Code: code,
  Balance: amount,
  ExpiresOn: isoDate.nullish(),
  IsExperience: z.boolean().default(false),
});

/** A host name such as `acme.example`, kept in lower case. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain such as acme.example, without @');

/**
 * A company that may book on invoice, and who may book for it: a logged-in account whose
 * address is in `LinkedAccounts`, or a booker whose e-mail address is at one of its
 * `BookerEmailDomains`. With neither, nobody can book on its account online.
 */
const company = z.strictObject({
  AccountId: code,
  Name: name,
  BookerEmailDomains: z.array(emailDomain).default([]),
  LinkedAccounts: z.array(z.email().trim().toLowerCase()).default([]),
});

const restaurant = z.strictObject({
  Name: name,
  MinOnlinePartySize: z.number().int().min(1).max(100).default(1),
  MaxOnlinePartySize: z.number().int().min(1).max(100).default(8),
  NoAvailabilityText: text.default('There is no availability for the selected date.'),
  Tables: z.array(z.number().int().min(1).max(100)).min(1, 'a restaurant needs at least one table'),
  Sittings: z
    .array(
      z.strictObject({
        Weekdays: weekdays,
        From: clock,
        To: clock,
        IntervalMinutes: z.number().int().min(5).max(240),
        DurationMinutes: z.number().int().min(15).max(600),
      }),
    )
    .min(1),
  Promotions: z.array(z.strictObject({ Name: name, Description: text.default(''), From: clock, To: clock })).default([]),
});

export const propertySchema = z.strictObject({
  Code: code,
  Name: name,
  TimeZone: timeZone.default('Europe/London'),
  Currency: currency.default('GBP'),
  AvailableCurrencies: z.array(currency).default([]),
  Address: text.default(''),
  Email: z.email().nullish(),
  /** Where the hotel's notices of bookings go; absent: `Email`; null: no notices. */
  ReservationsEmail: z.email().nullable().optional(),
  Telephone: z.string().max(40).nullish(),
  WebsiteUrl: url.nullish(),
  PrivacyPolicyUrl: url.nullish(),
  TermsAndConditionsUrl: url.nullish(),
  LogoFileUrl: url.nullish(),
  PropertyImageUrl: url.nullish(),
  HotelRating: z.number().int().min(0).max(7).nullish(),
  GoogleTagManagerContainerId: z.string().max(40).nullish(),
  FacebookPixelId: z.string().max(40).nullish(),
  DefaultPhoneCountryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as GB')
    .default('GB'),
  StandardVatRate: percent.default(0),
  IsStandardTaxExclusive: z.boolean().default(false),
  CreditCards: z.array(name).default([]),
  PayByPaystack: z.boolean().default(false),
  /**
   * Who takes online payments. The secret keys are never in the file: STRIPE_SECRET_KEY,
   * STRIPE_WEBHOOK_SECRET and PAYSTACK_SECRET_KEY in the environment.
   */
  Payments: z
    .strictObject({
      Provider: z.enum(['test', 'stripe', 'paystack']).default('test'),
      /** Stripe's publishable key (pk_live_... / pk_test_...), what the browser's Payment Element needs. */
      PublicKey: z.string().max(200).nullish(),
      CaptureMethod: z.enum(['automatic', 'manual']).default('automatic'),
    })
    .default({ Provider: 'test', CaptureMethod: 'automatic' }),
  Theme: theme.nullish(),
  Occupancy: occupancy.default(occupancy.parse({})),
  BookingConfiguration: bookingConfiguration.default(bookingConfiguration.parse({})),
  ManageBookingConfiguration: manageBookingConfiguration.default(manageBookingConfiguration.parse({})),
  PreCheckInConfiguration: preCheckInConfiguration.default(preCheckInConfiguration.parse({})),
  RoomTypes: z.array(roomType).min(1, 'a property needs at least one room type'),
  RatePlans: z.array(ratePlan).min(1, 'a property needs at least one rate plan'),
  Promotions: z.array(promotion).default([]),
  Closures: z.array(closure).default([]),
  Services: z.array(service).default([]),
  GiftVouchers: z.array(giftVoucher).default([]),
  Companies: z.array(company).default([]),
  CancellationReasons: z.array(name).default([]),
  Restaurants: z.array(restaurant).default([]),
  Webhooks: z
    .array(webhookEndpointSchema)
    .default([])
    .refine((endpoints) => new Set(endpoints.map((endpoint) => endpoint.Url)).size === endpoints.length, {
      error: 'each endpoint URL may be listed once: list all its events in one entry',
    }),
});

export const definitionSchema = z.strictObject({
  Groups: z.array(z.strictObject({ Code: code, Name: name, Properties: z.array(code).min(1) })).default([]),
  ExchangeRates: z
    .strictObject({
      Base: currency,
      // Partial: a file lists the currencies it converts to, not every currency there is.
      Rates: z.partialRecord(currency, z.number().positive().max(1_000_000), {
        error: (issue) => {
          // Keys outside the enum come as `unrecognized_keys`, which zod's types do not list for a record.
          const keys: unknown = Reflect.get(issue, 'keys');
          return Array.isArray(keys)
            ? `${keys.join(', ')}: not an active ISO 4217 currency code; rates are keyed by codes in capitals, such as EUR or JPY`
            : undefined;
        },
      }),
    })
    .nullish(),
  Properties: z.array(propertySchema).min(1, 'a definition needs at least one property'),
});

export type Definition = z.output<typeof definitionSchema>;
export type PropertyDefinition = z.output<typeof propertySchema>;
export type RoomTypeDefinition = PropertyDefinition['RoomTypes'][number];
export type RatePlanDefinition = PropertyDefinition['RatePlans'][number];
export type PriceDefinition = RatePlanDefinition['Prices'][number];

/**
 * The definition file in the OpenAPI document, one component for what `PUT /api/Admin/Definition`
 * takes and `GET` answers, made from the same zod schema as the file's JSON Schema
 * (`pnpm property:schema`). A copy, so the JSON Schema printed for editors carries no id.
 */
export const definitionDocumentSchema = definitionSchema.meta({
  id: 'PropertyDefinition',
  description: 'A property definition file (docs/property-definition.md)',
});
