import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { cardTypes, countries } from './reference-data';
import { percentage, timestamps } from './shared-columns';

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paystack'] as const;
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const paymentCaptureMethod = pgEnum('payment_capture_method', ['automatic', 'manual']);

/** The property's brand colours (`Theme`), stored as the definition gives them. */
export type PropertyTheme = {
  Primary: string;
  Secondary: string;
  Accent: string;
  Tertiary: string;
  Dark: string;
  DarkPage: string;
  Positive: string;
  Negative: string;
  Info: string;
  Warning: string;
  LightPage: string;
  BrandPrimary: string;
};

/** Which guest or booker fields a form requires (manage booking and pre-check-in). */
export type ContactFieldRequirements = {
  FirstNameRequired: boolean;
  LastNameRequired: boolean;
  EmailRequired: boolean;
  PhoneRequired: boolean;
  CountryRequired: boolean;
  StreetRequired: boolean;
  CityRequired: boolean;
  StateOrCountyRequired: boolean;
  PostCodeRequired: boolean;
};

/**
 * The booking configuration as the property definition gives it (keys as the wire names
 * them). `PropertyId`, `Locations` and `ShowRoomTypeOccupancy` of the wire shape are derived
 * from other columns when it is served.
 */
export type BookingConfiguration = {
  HidePromoCodeOnLandingPage: boolean;
  NoAvailabilityMessage: string;
  MaxNumberOfRoomsOnBooking: number | null;
  ShowRoomConfigurationQuestion: boolean;
  Offers: string[];
  BookingIncentives: string[];
  GiftServiceProviderConfig: { Active: boolean; Name: string };
  EnableUserChoiceOfPaymentMethod: boolean;
  EnablePayByCompanyInvoice: boolean;
  HasCustomTermsAndConditions: boolean;
  CustomTermsAndConditionsLabel: string | null;
  CustomTermsAndConditionsText: string | null;
  OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: boolean;
  RestaurantBookingServiceActive: boolean;
  RestaurantBookingDefaultRestaurant: string | null;
  RestaurantBookingServiceType: string | null;
  ShowMinimumLengthOfStayNotification: boolean;
  SameDayBookingRestrictionEnabled: boolean;
  SameDayBookingRestrictionHour: number;
  SameDayBookingRestrictionMinute: number;
  SameDayBookingRestrictionMessage: string | null;
};

/** The manage-booking configuration as the property definition gives it. */
export type ManageBookingConfiguration = {
  ShowRoomConfigurationQuestion: boolean;
  RequireCancellationReason: boolean;
  /** The voucher part of a booking cancelled after its free window; absent from definitions stored before it existed (kept by the hotel). */
  GiftVoucherOnLateCancellation?: 'KeptByHotel' | 'ReturnedToVoucher';
  /** "HH:MM" in the property's zone; absent from definitions imported before it existed (read as 15:00). */
  CheckInTime?: string;
  BookerConfiguration: ContactFieldRequirements;
  GuestConfiguration: ContactFieldRequirements;
};

/** The pre-check-in configuration as the property definition gives it. */
export type PreCheckInConfiguration = {
  ShowRoomConfigurationQuestion: boolean;
  /** Days before arrival the reminder e-mail goes; 0: none. Absent from definitions stored before it existed (read as 3). */
  ReminderDaysBeforeArrival?: number;
  BookerConfiguration: ContactFieldRequirements;
  GuestConfiguration: ContactFieldRequirements;
};

/** A group of properties; its properties are the `Locations` of each one's booking configuration. */
export const propertyGroups = pgTable('property_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/** A hotel's webhook endpoint: where events are POSTed, the Standard Webhooks secret they are signed with, and which events (or "*"). */
export type WebhookEndpoint = { url: string; secret: string; events: string[] };

/**
 * A hotel. Its code is what web routes carry; its time zone decides "today" and the
 * same-day cut-off. The VAT rate is a percentage kept exactly (20, 12.5, 8.875); with
 * `is_standard_tax_exclusive` prices are before tax and the guest pays the tax on top.
 */
export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => propertyGroups.id, { onDelete: 'set null' }),
    /** Where the group's definition lists the property (1 first): the order a group search shows them in. */
    groupPosition: smallint('group_position').notNull().default(0),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    currency: char('currency', { length: 3 }).notNull().default('GBP'),
    availableCurrencies: char('available_currencies', { length: 3 })
      .array()
      .notNull()
      .default(sql`'{}'`),

    address: text('address'),
    email: text('email'),
    /** Where the hotel's notices of bookings, changes and table bookings go (the definition's `ReservationsEmail`, else `Email`). */
    reservationsEmail: text('reservations_email'),
    telephone: text('telephone'),
    websiteUrl: text('website_url'),
    privacyPolicyUrl: text('privacy_policy_url'),
    termsAndConditionsUrl: text('terms_and_conditions_url'),
    logoFileUrl: text('logo_file_url'),
    propertyImageUrl: text('property_image_url'),
    /** Star rating; null when the property has none (`HasRating` false). */
    hotelRating: smallint('hotel_rating'),
    googleTagManagerContainerId: text('google_tag_manager_container_id'),
    facebookPixelId: text('facebook_pixel_id'),
    defaultPhoneCountryCode: char('default_phone_country_code', { length: 2 })
      .notNull()
      .default('GB')
      .references(() => countries.alpha2),

    standardVatRate: percentage('standard_vat_rate').notNull().default(0),
    isStandardTaxExclusive: boolean('is_standard_tax_exclusive').notNull().default(false),
    payByPaystack: boolean('pay_by_paystack').notNull().default(false),
    /** Who takes the property's online payments: the embedded test gateway, Stripe or PayStack. */
    paymentProvider: paymentProvider('payment_provider').notNull().default('test'),
    /** The provider's publishable (public) key for the browser; the secret key lives in the environment. */
    paymentPublicKey: text('payment_public_key'),
    /** Stripe: take the money at booking (`automatic`) or hold it for the hotel to capture (`manual`). */
    paymentCaptureMethod: paymentCaptureMethod('payment_capture_method').notNull().default('automatic'),
    theme: jsonb('theme').$type<PropertyTheme>(),
    /** The hotel's webhook endpoints (the definition's `Webhooks`): each signing secret is needed to sign, so it is kept as given. */
    webhooks: jsonb('webhooks')
      .$type<WebhookEndpoint[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),

    enableChildrenSearch: boolean('enable_children_search').notNull().default(false),
    enableInfantSearch: boolean('enable_infant_search').notNull().default(false),
    defaultOccupancyAdult: smallint('default_occupancy_adult').notNull().default(1),
    defaultOccupancyChildren: smallint('default_occupancy_children').notNull().default(0),
    defaultOccupancyInfant: smallint('default_occupancy_infant').notNull().default(0),
    adultMaximumOccupancy: smallint('adult_maximum_occupancy'),
    childMaximumOccupancy: smallint('child_maximum_occupancy'),
    adultLabel: text('adult_label').notNull().default('Adults'),
    childrenLabel: text('children_label').notNull().default('Children'),
    infantLabel: text('infant_label').notNull().default('Infants'),
    showRoomTypeOccupancy: boolean('show_room_type_occupancy').notNull().default(false),

    /**
     * Raised by every import of the property's definition (and the nightly window refresh, which
     * re-imports): what the API's in-memory catalogue and price caches are keyed on.
     */
    catalogueVersion: integer('catalogue_version').notNull().default(1),

    bookingConfiguration: jsonb('booking_configuration').$type<BookingConfiguration>().notNull(),
    manageBookingConfiguration: jsonb('manage_booking_configuration').$type<ManageBookingConfiguration>().notNull(),
    preCheckInConfiguration: jsonb('pre_check_in_configuration').$type<PreCheckInConfiguration>().notNull(),
    /** The property's entry of the last imported definition file, kept to re-expand prices. */
    definition: jsonb('definition').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index('properties_group_id_idx').on(t.groupId),
    check('properties_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('properties_hotel_rating_range', sql`${t.hotelRating} BETWEEN 0 AND 7`),
    check('properties_vat_rate_range', sql`${t.standardVatRate} BETWEEN 0 AND 100`),
    check(
      'properties_default_occupancy_non_negative',
      sql`${t.defaultOccupancyAdult} >= 0 AND ${t.defaultOccupancyChildren} >= 0 AND ${t.defaultOccupancyInfant} >= 0`,
    ),
    check('properties_maximum_occupancy_non_negative', sql`${t.adultMaximumOccupancy} >= 0 AND ${t.childMaximumOccupancy} >= 0`),
  ],
);

/** The card types a property accepts (`CreditCards` of the property). */
export const propertyCardTypes = pgTable(
  'property_card_types',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    cardTypeId: smallint('card_type_id')
      .notNull()
      .references(() => cardTypes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.cardTypeId] })],
);

/**
 * Reasons a guest may give for cancelling. A reason a definition no longer lists is retired
 * (`is_active` false), not deleted, because cancelled reservations still point at it.
 */
export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [unique('cancellation_reasons_property_id_text_key').on(t.propertyId, t.text)],
);
