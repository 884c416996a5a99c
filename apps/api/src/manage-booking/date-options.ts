import { contactHotelMessage, dateChangeRefusalMessage, type DateChangeRefusal } from '@hotel/domain/amendment';
import { countNights, daysBetween, nightsOfStay, parseDate, todayIn } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { fitsRoomTypeAndRate, type Party } from '@hotel/domain/occupancy';
import { pricesToWire, stayRoomCost } from '@hotel/domain/pricing';
import { minLengthOfStay, restrictionDetail, restrictionMessage, stayRefusal } from '@hotel/domain/restrictions';
import type { DateChangeRow, SearchDateOptionsRequest, SearchDateOptionsResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { invalidField } from '../errors';
import { quoteStay, rateOccupancy, roomTypeLimits, stayDates } from '../availability';
import { findReservationDetails } from '../booking';
import { findManagedBooking } from '../booking';
import { toManagedReservation } from './managed-reservation';
import { findFreeUnitsHolding } from './manage-booking-queries';
import { bookedRatePlanCode, partyOf } from '../booking';

const refused = (message: string): SearchDateOptionsResponse => ({ Success: false, Message: message, ReservationItemRateRows: [] });

/**
 * POST /api/ManageBooking/SearchDateOptions: the chosen booked rooms at new dates, each on its
 * room type and rate plan, priced as a search prices it with the booking's promo code; the
 * nights those rooms hold count as free for them. Success false with why (docs/manage-booking.md).
 */
export async function searchDateOptions(
  context: Pick<AppContext, 'database' | 'availability' | 'clock' | 'config'>,
  request: SearchDateOptionsRequest,
): Promise<SearchDateOptionsResponse> {
  const { db } = context.database;
  const { property, reservation } = await findManagedBooking(context, db, request);
  const now = context.clock.now();
  const details = await findReservationDetails(db, reservation.id);
  const rooms = request.ReservationItemIds.map((id, index) => {
    const room = details.rooms.find((candidate) => candidate.id === id && candidate.status === 'booked');
    if (!room || request.ReservationItemIds.indexOf(id) !== index) {
      throw invalidField(`ReservationItemIds[${index}]`, 'Choose rooms of this booking, each once');
    }
    return room;
  });
  // Dates move only while the booking could be cancelled for free instead.
  if (!toManagedReservation(property, reservation, details, now).CanBeCancelled) return refused(contactHotelMessage(property.telephone));

  const from = parseDate(request.DateFrom);
  if (from !== null && from < todayIn(now, property.timeZone)) return refused(dateChangeRefusalMessage({ kind: 'PAST' }));
  const stay = stayDates(property, request.DateFrom, request.DateTo, now);

  const roomTypeIds = [...new Set(rooms.map((room) => room.roomTypeId))];
  const { catalogue, prices } = await context.availability.catalogue.pricedCatalogue(property, stay.from, stay.to);
  const [quote, free] = await Promise.all([
    quoteStay(context.availability, {
      property,
      from: stay.from,
      to: stay.to,
      today: stay.today,
      promoCode: reservation.promoCode,
      ratePlanCode: bookedRatePlanCode(catalogue.ratePlans, rooms),
      roomTypeIds,
    }),
    findFreeUnitsHolding(db, { roomTypeIds, from: stay.from, to: stay.to, nights: stay.nights, heldRoomIds: rooms.map((room) => room.id) }),
  ]);

  const rows: DateChangeRow[] = [];
  for (const room of rooms) {
    const entry = quote.roomTypes.find((candidate) => candidate.roomType.id === room.roomTypeId);
    const wanted = rooms.filter((other) => other.roomTypeId === room.roomTypeId).length;
    if (!entry || (free.get(room.roomTypeId) ?? 0) < wanted) {
      return refused(dateChangeRefusalMessage({ kind: 'NO_ROOMS', roomTypeName: room.roomTypeName }));
    }
    const rate = entry.rates.find((candidate) => candidate.ratePlan.id === room.ratePlanId);
    if (!rate) {
      const nights = nightsOfStay(stay.from, stay.to).map((night) => prices.get(room.ratePlanId, room.roomTypeId, night));
      const restrictions = nights.map((night) => night?.restrictions);
      const why = stayRefusal(
        restrictions,
        prices.restrictions(room.ratePlanId, room.roomTypeId, stay.to),
        daysBetween(stay.today, stay.from),
      );
      const detail = restrictionDetail(why, restrictions, stay.today);
      if (detail) return refused(restrictionMessage(room.ratePlanName, detail));
      return refused(dateChangeRefusalMessage(refusalOf(why, room, stay, nights[0]?.restrictions)));
    }
    const party: Party = partyOf(room);
    if (!fitsRoomTypeAndRate(party, roomTypeLimits(entry.roomType), rateOccupancy(rate.ratePlan))) {
      return refused(dateChangeRefusalMessage({ kind: 'PARTY', roomTypeName: room.roomTypeName, ratePlanName: room.ratePlanName }));
    }
    const cost = stayRoomCost(rate.nights, party);
    const components = pricesToWire(rate.prices, property.currency);
    rows.push({
      ReservationItemId: room.id,
      RoomTypeId: room.roomTypeId,
      RatePlanId: room.ratePlanId,
      DateFrom: stay.from,
      DateTo: stay.to,
      IsOccupancyBased: rate.ratePlan.useOccupancyForRatePlan,
      ...components,
      NumberOfAdults: party.NumberOfAdults,
      NumberOfChildren: party.NumberOfChildren,
      NumberOfInfants: party.NumberOfInfants,
      Promotion: rate.promotion && { Code: rate.promotion.code, Name: rate.promotion.name, Message: rate.promotion.message || null },
      TotalCost: toMajor(cost.total, property.currency),
      OriginalTotalCost: toMajor(cost.original, property.currency),
    });
  }
  return { Success: true, Message: null, ReservationItemRateRows: rows };
}

function refusalOf(
  why: ReturnType<typeof stayRefusal>,
  room: { roomTypeName: string; ratePlanName: string },
  stay: { from: string; to: string },
  arrival: Parameters<typeof minLengthOfStay>[0] | undefined,
): DateChangeRefusal {
  switch (why) {
    case 'CLOSED_TO_ARRIVAL':
      return { kind: 'CLOSED_TO_ARRIVAL', date: stay.from };
    case 'CLOSED_TO_DEPARTURE':
      return { kind: 'CLOSED_TO_DEPARTURE', date: stay.to };
    case 'MIN_LENGTH_OF_STAY':
      return {
        kind: 'MIN_LENGTH_OF_STAY',
        ratePlanName: room.ratePlanName,
        nights: arrival ? minLengthOfStay(arrival) : countNights(stay.from, stay.to) + 1,
      };
    default:
      return { kind: 'NOT_OFFERED', roomTypeName: room.roomTypeName, ratePlanName: room.ratePlanName };
  }
}
