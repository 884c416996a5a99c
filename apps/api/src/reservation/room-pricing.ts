import { countNights, type IsoDate } from '@hotel/domain/dates';
import { sumMinor, toMajor, toMinor, type Minor } from '@hotel/domain/money';
import { fitsRoomTypeAndRate, type Party } from '@hotel/domain/occupancy';
import { originalRoomPrice, roomPrice } from '@hotel/domain/pricing';
import { serviceCost } from '@hotel/domain/services';
import type { PricedRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import type { Db } from '../database/db';
import { AppError } from '../http/app-error';
import type { PropertyRow } from '../property/property-queries';
import type { RoomTypeRow } from '../availability/availability-queries';
import { catalogueCache } from '../availability/catalogue-cache';
import { pricedRate, roomTypeLimits } from '../availability/search-availability';
import { stayDates } from '../availability/stay-request';
import { quoteStay, type QuotedRate, type StayQuote } from '../availability/stay-quote';
import { findBookableServices, type BookableService } from './service-queries';

export const roomsNotAvailableMessage = 'Your combination of rooms is not available, please retry your search or contact us directly';

export type PricedService = { service: BookableService; quantity: number; unitPrice: Minor; total: Minor };

export type PricedRoom<Payload extends PricedRoomPayload = PricedRoomPayload> = {
  payload: Payload;
  index: number;
  from: IsoDate;
  to: IsoDate;
  nights: number;
  party: Party;
  roomType: RoomTypeRow;
  rate: QuotedRate;
  total: Minor;
  originalTotal: Minor;
  services: PricedService[];
  servicesTotal: Minor;
};

function serviceOffered(service: BookableService, room: { roomTypeId: number; ratePlanId: number; from: IsoDate; to: IsoDate }): boolean {
  return (
    (service.roomTypeIds.length === 0 || service.roomTypeIds.includes(room.roomTypeId)) &&
    (service.ratePlanIds.length === 0 || service.ratePlanIds.includes(room.ratePlanId)) &&
    (service.offeredFrom === null || service.offeredFrom < room.to) &&
    (service.offeredTo === null || service.offeredTo >= room.from)
  );
}

/**
 * Prices every room the client sent (and its extras) from the database with the same quote a
 * search gives, refusing rooms that are no longer sellable or do not take their party. The
 * client's prices are never used; `assertClientPrices` compares them afterwards.
 */
export async function priceRooms<Payload extends PricedRoomPayload>(
  db: Db,
  property: PropertyRow,
  rooms: readonly Payload[],
  options: { now: Date; promoCode?: string | null | undefined },
): Promise<PricedRoom<Payload>[]> {
  const quotes = new Map<string, StayQuote>();
  const [services, { ratePlans }] = await Promise.all([
    findBookableServices(
      db,
      property.id,
      rooms.flatMap((room) => room.Services.map((s) => s.ServiceId)),
    ),
    catalogueCache(db).catalogue(property),
  ]);
  const roomTypeIds = rooms.map((room) => room.RoomTypeId);
  const priced: PricedRoom<Payload>[] = [];
  for (const [index, payload] of rooms.entries()) {
    const stay = stayDates(property, payload.DateFrom, payload.DateTo, options.now, {
      from: `Rooms[${index}].DateFrom`,
      to: `Rooms[${index}].DateTo`,
    });
    // A code-only rate is sellable to whoever booked it with its code, so it is quoted with that code.
    const plan = ratePlans.find((candidate) => candidate.id === payload.RatePlanId);
    const ratePlanCode = plan?.requiresCode ? plan.code : null;
    const key = `${stay.from}:${stay.to}:${ratePlanCode ?? ''}`;
    let quote = quotes.get(key);
    if (!quote) {
      quote = await quoteStay(db, {
        property,
        from: stay.from,
        to: stay.to,
        today: stay.today,
        promoCode: options.promoCode,
        ratePlanCode,
        roomTypeIds,
      });
      quotes.set(key, quote);
    }
    const entry = quote.roomTypes.find((candidate) => candidate.roomType.id === payload.RoomTypeId);
    const rate = entry?.rates.find((candidate) => candidate.ratePlan.id === payload.RatePlanId);
    if (!entry || !rate || entry.freeUnits < 1) throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);

    const party: Party = {
      NumberOfAdults: payload.NumberOfAdults,
      NumberOfChildren: payload.NumberOfChildren,
      NumberOfInfants: payload.NumberOfInfants,
    };
    if (!fitsRoomTypeAndRate(party, roomTypeLimits(entry.roomType), pricedRate(rate))) {
      throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
        modelState: {
          [`Rooms[${index}]`]: [
            `The ${entry.roomType.name} on the ${rate.ratePlan.name} rate does not take ${party.NumberOfAdults} adults, ${party.NumberOfChildren} children and ${party.NumberOfInfants} infants.`,
          ],
        },
      });
    }
    const pricedServices = payload.Services.map((selection, j): PricedService => {
      const service = services.find((candidate) => candidate.id === selection.ServiceId);
      const field = `Rooms[${index}].Services[${j}]`;
      if (
        !service ||
        !serviceOffered(service, { roomTypeId: entry.roomType.id, ratePlanId: rate.ratePlan.id, from: stay.from, to: stay.to })
      ) {
        throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
          modelState: { [`${field}.ServiceId`]: ['This extra is not offered for this room and dates'] },
        });
      }
      if (service.chargeType !== 'PerQuantity' && selection.Quantity !== 1) {
        throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
          modelState: { [`${field}.Quantity`]: ['This extra can be added once per room'] },
        });
      }
      const pricing = {
        ChargeType: service.chargeType,
        ChargePerPerson: service.chargePerPerson,
        Articles: service.articles.map((a) => ({ Price: a.price })),
      };
      const total = serviceCost(pricing, { nights: stay.nights, quantity: selection.Quantity, party });
      return { service, quantity: selection.Quantity, unitPrice: sumMinor(service.articles.map((a) => a.price)), total };
    });
    priced.push({
      payload,
      index,
      from: stay.from,
      to: stay.to,
      nights: countNights(stay.from, stay.to),
      party,
      roomType: entry.roomType,
      rate,
      total: roomPrice(rate.prices, party),
      originalTotal: originalRoomPrice(rate.prices, party),
      services: pricedServices,
      servicesTotal: sumMinor(pricedServices.map((s) => s.total)),
    });
  }
  return priced;
}

/** Refuses with 409 and the server's prices when any room's TotalCost differs from what the client saw. */
export function assertClientPrices(rooms: readonly PricedRoom[]): void {
  const changed = rooms.some((room) => toMinor(room.payload.TotalCost) !== room.total);
  if (!changed) return;
  throw new AppError('PRICE_CHANGED', 'The price of your stay has changed. Please check the new price and confirm your booking again.', {
    details: {
      Rooms: rooms.map((room) => ({
        ReservationItemId: room.payload.ReservationItemId ?? null,
        TotalCost: toMajor(room.total),
        ServicesCost: toMajor(room.servicesTotal),
      })),
      TotalCost: toMajor(sumMinor(rooms.map((room) => room.total + room.servicesTotal))),
    },
  });
}
