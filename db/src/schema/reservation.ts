import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { companies } from './company';
import { cancellationReasons, properties } from './property';
import { promotions } from './promotion';
import { ratePlans } from './rate-plan';
import { countries } from './reference-data';
import { roomConfigurations, roomTypes } from './room-type';
import { services } from './service';
import { instant, minorUnits, percentage, timestamps } from './shared-columns';

/**
 * `pending_payment` while a card payment waits for a 3-D Secure challenge (inventory already
 * held), `confirmed` once paid or on invoice, `cancelled` when cancelled (inventory released).
 */
export const reservationStatus = pgEnum('reservation_status', ['pending_payment', 'confirmed', 'cancelled']);

/** The payment methods, by their names (PayByCard=0 .. PayByPayStack=4 on the wire). */
export const paymentType = pgEnum('payment_type', [
  'PayByCard',
  'PayByIndividualInvoice',
  'PayByVoucher',
  'PayByCompanyInvoice',
  'PayByPayStack',
]);

/** What the guest's browser told the create call (3-D Secure needs it), kept as sent. */
export type BrowserData = {
  ColorDepthInBits?: number | null;
  JavaScriptEnabled?: boolean | null;
  BrowserLanguage?: string | null;
  ScreenHeight?: number | null;
  ScreenWidth?: number | null;
  UserAgent?: string | null;
  TimezoneOffSet?: string | null;
};

/**
 * A booking. Found by `reservation_number` (short, unambiguous, shown to the guest) or by the
 * confirmation token of the Status/Confirmation pages, of which only the SHA-256 hash is kept
 * (64 lowercase hex characters): the token is a bearer secret.
 *
 * Money is in minor units of `currency`: `total = total_rooms + total_services -
 * voucher_discount` (the booking's total cost, in the hotel's prices) and `total_vat` the tax of
 * it. With `is_tax_exclusive` the prices are before tax and the guest pays `total + total_vat`;
 * otherwise the tax is inside `total`, which is what the guest pays (docs/pricing.md). The VAT
 * rate and inclusive/exclusive flag in force when it was booked are kept beside it.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    reservationNumber: text('reservation_number').notNull().unique(),
    confirmationTokenHash: text('confirmation_token_hash').notNull().unique(),
    status: reservationStatus('status').notNull().default('pending_payment'),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),

    /** The booker's `IndividualId`: guests with the same id are the booker and stay in step. */
    bookerIndividualId: uuid('booker_individual_id').notNull().defaultRandom(),
    bookerFirstName: text('booker_first_name').notNull(),
    bookerLastName: text('booker_last_name').notNull(),
    bookerEmail: text('booker_email').notNull(),
    bookerPhone: text('booker_phone').notNull(),
    bookerStreet: text('booker_street'),
    bookerCity: text('booker_city'),
    bookerStateOrCounty: text('booker_state_or_county'),
    bookerZipCode: text('booker_zip_code'),
    bookerCountryId: smallint('booker_country_id').references(() => countries.id),
    optInToReceiveUpdates: boolean('opt_in_to_receive_updates').notNull().default(false),

    /** The company invoiced, kept as booked even if a later definition drops the company. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyAccountId: text('company_account_id'),
    companyName: text('company_name'),
    poNumber: text('po_number'),

    paymentType: paymentType('payment_type').notNull(),
    promoCode: text('promo_code'),
    giftVoucherCode: text('gift_voucher_code'),
    voucherDiscount: minorUnits('voucher_discount').notNull().default(0),
    totalRooms: minorUnits('total_rooms').notNull(),
    totalServices: minorUnits('total_services').notNull().default(0),
    total: minorUnits('total').notNull(),
    totalVat: minorUnits('total_vat').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    vatRate: percentage('vat_rate').notNull().default(0),
    isTaxExclusive: boolean('is_tax_exclusive').notNull().default(false),

    /**
     * What the booking's movements (`payments`) come to, kept beside them by the booking module
     * in the statement that records each outcome, in minor units of `currency`: `amount_paid` is
     * what cards paid net of refunds, `amount_refunded` what was given back, `amount_held` what a
     * manual-capture authorisation still holds. The ledger check (booking/ledger.ts) proves they
     * equal the movements; the feed, webhooks and e-mails read them.
     */
    amountPaid: minorUnits('amount_paid').notNull().default(0),
    amountRefunded: minorUnits('amount_refunded').notNull().default(0),
    amountHeld: minorUnits('amount_held').notNull().default(0),

    /** The guest's special requests (`Notes` on create, `SpecialRequests` when managed). */
    specialRequests: text('special_requests'),
    /** "Who referred you". */
    comment: text('comment'),
    languageCode: text('language_code').notNull().default('en'),
    isAppBooking: boolean('is_app_booking').notNull().default(false),
    browserData: jsonb('browser_data').$type<BrowserData>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),

    confirmedAt: instant('confirmed_at'),
    preCheckInCompletedAt: instant('pre_check_in_completed_at'),
    /** When the pre-check-in reminder e-mail was queued: set in the mail row's transaction, so it goes once. */
    preCheckInReminderSentAt: instant('pre_check_in_reminder_sent_at'),
    /**
     * The card kept on file at pre-check-in for the stay: the gateway's token and what may be
     * shown of it, never the number or security code.
     */
    cardOnFileGateway: text('card_on_file_gateway'),
    cardOnFileToken: text('card_on_file_token'),
    cardOnFileBrand: text('card_on_file_brand'),
    cardOnFileLast4: char('card_on_file_last4', { length: 4 }),
    cardOnFileExpiryMonth: integer('card_on_file_expiry_month'),
    cardOnFileExpiryYear: integer('card_on_file_expiry_year'),
    cancelledAt: instant('cancelled_at'),
    cancellationReasonId: integer('cancellation_reason_id').references(() => cancellationReasons.id, { onDelete: 'restrict' }),
    /**
     * The hotel's PMS's own number for the booking, as it acknowledged it (printable text, as
     * sent), and when it last did: null until acknowledged. The feed and webhooks echo it so the
     * PMS can match the booking to its own record.
     */
    pmsConfirmationNumber: text('pms_confirmation_number'),
    acknowledgedAt: instant('acknowledged_at'),
    /**
     * The booking's place in the reservations feed: a number the feed's sequencer gives it, in
     * commit order, after every write to the booking or any of its rooms, guests, extras,
     * payments or history rows; NULL (pending) from such a write until the sequencer runs
     * (triggers: migration 0025). Numbers are data, so a backup restored into another cluster
     * keeps them (docs/decisions/0013-feed-sequence-numbers.md).
     */
    feedSeq: bigint('feed_seq', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('reservations_property_id_date_from_idx').on(t.propertyId, t.dateFrom),
    uniqueIndex('reservations_feed_seq_idx').on(t.feedSeq),
    /** Bookings changed since the sequencer last ran: what it numbers next. */
    index('reservations_feed_pending_idx')
      .on(t.id)
      .where(sql`${t.feedSeq} IS NULL`),
    index('reservations_user_id_idx').on(t.userId),
    index('reservations_company_id_idx').on(t.companyId),
    /** Bookings still waiting for a 3-D Secure answer, for the sweeper that releases them. */
    index('reservations_pending_payment_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending_payment'`),
    check('reservations_dates_ordered', sql`${t.dateTo} > ${t.dateFrom}`),
    check('reservations_confirmation_token_hash_is_sha256_hex', sql`${t.confirmationTokenHash} ~ '^[0-9a-f]{64}$'`),
    check(
      'reservations_amounts_non_negative',
      sql`${t.totalRooms} >= 0 AND ${t.totalServices} >= 0 AND ${t.voucherDiscount} >= 0 AND ${t.total} >= 0 AND ${t.totalVat} >= 0`,
    ),
    check('reservations_ledger_non_negative', sql`${t.amountPaid} >= 0 AND ${t.amountRefunded} >= 0 AND ${t.amountHeld} >= 0`),
    check('reservations_total_adds_up', sql`${t.total} = ${t.totalRooms} + ${t.totalServices} - ${t.voucherDiscount}`),
    check('reservations_vat_rate_range', sql`${t.vatRate} BETWEEN 0 AND 100`),
    check('reservations_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('reservations_cancelled_at_iff_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
    check('reservations_acknowledged_at_iff_pms_number', sql`(${t.pmsConfirmationNumber} IS NULL) = (${t.acknowledgedAt} IS NULL)`),
  ],
);

/** Whether a room of a reservation still stands. */
export const reservationRoomStatus = pgEnum('reservation_room_status', ['booked', 'cancelled']);

/**
 * Where the guest of a room is, as the hotel's PMS tells it: `expected` until it arrives, then
 * `checked_in` and `checked_out`, or `no_show` when the guest never came (domain stay.ts says
 * what may follow what). Apart from `status`: a room checked in still stands as booked.
 */
export const reservationRoomStayStatus = pgEnum('reservation_room_stay_status', ['expected', 'checked_in', 'checked_out', 'no_show']);

/** Summed stay price components in minor units, as the wire's rate names them. */
export type PriceComponents = {
  BaseRate: number;
  BaseNumberOfAdults: number;
  CostPerRoom: number;
  CostPerAdult: number;
  CostPerChild: number;
  CostPerInfant: number;
  PerPersonCostPerAdult: number;
  PerPersonCostPerChild: number;
  PerPersonCostPerInfant: number;
};

/**
 * The rate a room was booked on, as the search answered it: its components summed over the
 * stay, after a percentage promotion, and their undiscounted twins. The room's price is
 * `total` (priced night by night: docs/pricing.md), which these sums give only when every night
 * shares BaseNumberOfAdults and no fixed amount per night applied.
 */
export type RoomPriceSnapshot = {
  Components: PriceComponents;
  OriginalComponents: PriceComponents;
  /** Each night's room price in minor units, from the arrival night on (absent on rooms booked before it was kept). */
  NightPrices?: number[];
};

/**
 * A room of a reservation (`ReservationItemId`): its room type, rate, party, dates and the
 * price it was booked at. Labels and codes are copied so the booking reads the same after a
 * later definition renames or drops them.
 */
export const reservationRooms = pgTable(
  'reservation_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'restrict' }),
    ratePlanId: integer('rate_plan_id')
      .notNull()
      .references(() => ratePlans.id, { onDelete: 'restrict' }),
    roomConfigurationId: integer('room_configuration_id'),
    roomConfigurationLabel: text('room_configuration_label'),
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull().default(0),
    infants: smallint('infants').notNull().default(0),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    priceComponents: jsonb('price_components').$type<RoomPriceSnapshot>().notNull(),
    /** Accommodation price of the stay after any promotion, and before it. */
    total: minorUnits('total').notNull(),
    originalTotal: minorUnits('original_total').notNull(),
    vat: minorUnits('vat').notNull().default(0),
    promotionId: integer('promotion_id').references(() => promotions.id, {
      onDelete: 'set null',
    }),
    promotionCode: text('promotion_code'),
    status: reservationRoomStatus('status').notNull().default('booked'),
    cancelledAt: instant('cancelled_at'),
    cancellationReasonId: integer('cancellation_reason_id'),
    stayStatus: reservationRoomStayStatus('stay_status').notNull().default('expected'),
    /** When the stay status last moved; null while expected. */
    stayStatusAt: instant('stay_status_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Named here: drizzle's generated names would pass Postgres's 63-character limit.
    foreignKey({
      name: 'reservation_rooms_room_configuration_id_fk',
      columns: [t.roomConfigurationId],
      foreignColumns: [roomConfigurations.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'reservation_rooms_cancellation_reason_id_fk',
      columns: [t.cancellationReasonId],
      foreignColumns: [cancellationReasons.id],
    }).onDelete('restrict'),
    index('reservation_rooms_reservation_id_idx').on(t.reservationId),
    index('reservation_rooms_room_type_id_date_from_idx').on(t.roomTypeId, t.dateFrom),
    index('reservation_rooms_rate_plan_id_idx').on(t.ratePlanId),
    check('reservation_rooms_dates_ordered', sql`${t.dateTo} > ${t.dateFrom}`),
    check(
      'reservation_rooms_party_valid',
      sql`${t.adults} >= 0 AND ${t.children} >= 0 AND ${t.infants} >= 0 AND ${t.adults} + ${t.children} + ${t.infants} > 0`,
    ),
    check('reservation_rooms_amounts_non_negative', sql`${t.total} >= 0 AND ${t.originalTotal} >= 0 AND ${t.vat} >= 0`),
    check('reservation_rooms_cancelled_at_iff_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
    check('reservation_rooms_stay_status_at_iff_moved', sql`(${t.stayStatus} = 'expected') = (${t.stayStatusAt} IS NULL)`),
  ],
);

/**
 * A guest staying in a reservation room; one per room is the lead guest. `individual_id` is
 * the wire's `IndividualId`: a guest who is the booker shares the booker's.
 */
export const guests = pgTable(
  'guests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationRoomId: integer('reservation_room_id')
      .notNull()
      .references(() => reservationRooms.id, { onDelete: 'cascade' }),
    individualId: uuid('individual_id').notNull().defaultRandom(),
    isLead: boolean('is_lead').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    city: text('city'),
    stateOrCounty: text('state_or_county'),
    zipCode: text('zip_code'),
    countryId: smallint('country_id').references(() => countries.id),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('guests_reservation_room_id_idx').on(t.reservationRoomId),
    index('guests_individual_id_idx').on(t.individualId),
    uniqueIndex('guests_one_lead_per_room_key')
      .on(t.reservationRoomId)
      .where(sql`${t.isLead}`),
  ],
);

/**
 * An extra booked on a reservation room: the quantity and its price in minor units (the
 * article sum as `unit_price`, the service cost rule's result as `total`).
 */
export const reservationServices = pgTable(
  'reservation_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationRoomId: integer('reservation_room_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: minorUnits('unit_price').notNull(),
    total: minorUnits('total').notNull(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'reservation_services_reservation_room_id_fk',
      columns: [t.reservationRoomId],
      foreignColumns: [reservationRooms.id],
    }).onDelete('cascade'),
    unique('reservation_services_reservation_room_id_service_id_key').on(t.reservationRoomId, t.serviceId),
    index('reservation_services_service_id_idx').on(t.serviceId),
    check('reservation_services_quantity_positive', sql`${t.quantity} > 0`),
    check('reservation_services_amounts_non_negative', sql`${t.unitPrice} >= 0 AND ${t.total} >= 0`),
  ],
);
