/**
 * The room shapes of Reservation/Create and CheckVoucherCode: what was chosen, for whom,
 * with which extras, and the price the client saw (TotalCost, room cost only). The server
 * never trusts a price the client sent: it re-prices and compares.
 */
import { z } from 'zod';
import { guestSchema } from './contact';
import { guestCount, wireDate, wireId, wireMoney, withGuestWhoTakesRoom } from './scalars';

/** A client-side id linking services to their room before the server assigns ids. */
export const reservationItemIdSchema = z.union([z.number().int().min(0), z.string().min(1).max(64)]);

/** A chosen service: ReservationItemId, ServiceId, Quantity (Service is the client's copy, ignored). */
export const serviceSelectionSchema = z.object({
  ReservationItemId: reservationItemIdSchema.nullish(),
  ServiceId: wireId,
  Quantity: z.number().int().min(1).max(999),
  Service: z.unknown().optional(),
});

/** A chosen service as the wire carries it. */
export type ServiceSelectionPayload = z.infer<typeof serviceSelectionSchema>;

const pricedRoomShape = z.object({
  ReservationItemId: reservationItemIdSchema.nullish(),
  DateFrom: wireDate,
  DateTo: wireDate,
  RoomTypeId: wireId,
  RatePlanId: wireId,
  /** The promotion the client saw; the server applies the search's promo code itself. */
  Promotion: z.unknown().optional(),
  NumberOfAdults: guestCount,
  NumberOfChildren: guestCount,
  NumberOfInfants: guestCount,
  Services: z.array(serviceSelectionSchema).max(100),
  /** The room's price as the search answered it for this party (its RoomCosts entry): before tax at a tax-exclusive property. */
  TotalCost: wireMoney,
});

/** A room as priced: DateFrom, DateTo, RoomTypeId, RatePlanId, Promotion, counts, Services, TotalCost. */
export const pricedRoomSchema = withGuestWhoTakesRoom(pricedRoomShape);

/** A priced room as the wire carries it. */
export type PricedRoomPayload = z.infer<typeof pricedRoomSchema>;

/** A room of Reservation/Create: a priced room with its id, bed configuration and guests. */
export const reservationRoomSchema = withGuestWhoTakesRoom(
  pricedRoomShape.extend({
    ReservationItemId: reservationItemIdSchema,
    RoomConfigurationDropdownOptionId: wireId.nullish(),
    /** The lead guest; when absent the first of Guests leads. */
    LeadGuest: guestSchema.nullish(),
    Guests: z.array(guestSchema).max(50),
  }),
);

/** A reservation room as the wire carries it. */
export type ReservationRoomPayload = z.infer<typeof reservationRoomSchema>;
