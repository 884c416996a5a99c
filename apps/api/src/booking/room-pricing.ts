import { countNights, type IsoDate } from '@hotel/domain/dates';
import { sumMinor, toMajor, toMinor, type Minor } from '@hotel/domain/money';
import { fitsRoomTypeAndRate, type Party } from '@hotel/domain/occupancy';
import { componentsOf, nightlyRoomPrices, originalsOf, stayRoomCost } from '@hotel/domain/pricing';
import { restrictionMessage } from '@hotel/domain/restrictions';
import type { RoomPriceSnapshot } from '@hotel/db/schema';
import { offeredNights, serviceCost, serviceUnits } from '@hotel/domain/services';
import type { PricedRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import type { AppContext } from '../app-context';
import { AppError, currencyDecimalsProblem, invalidField } from '../errors';
import type { PropertyRow } from '../property';
import { type RoomTypeRow, rateOccupancy, roomTypeLimits, stayDates, quoteStay, type QuotedRate, type StayQuote } from '../availability';
import { findBookableServices, type BookableService } from './service-queries';

export const roomsNotAvailableMessage = 'Your combination of rooms is not available, please retry your search or contact us directly';

export type PricedService = {
  service: BookableService;
  quantity: number;
  unitPrice: Minor;
  total: Minor;
  /** The nights of the stay it is offered on: charged per day, and its units taken, on these. */
  nights: IsoDate[];
  /** Units of a limited service it takes on each of those nights. */
  units: number;
};

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
  /** Each night's room price, from the arrival night on: they add up to `total`. */
  nightPrices: Minor[];
  services: PricedService[];
  servicesTotal: Minor;
};

/** What a booked room keeps of its price: the rate's summed components and each night's price. */
export function priceSnapshotOf(room: Pick<PricedRoom, 'rate' | 'nightPrices'>): RoomPriceSnapshot {
  return { Components: componentsOf(room.rate.prices), OriginalComponents: originalsOf(room.rate.prices), NightPrices: room.nightPrices };
}

function serviceOfferedFor(service: BookableService, room: { roomTypeId: number; ratePlanId: number }): boolean {
  return (
    (service.roomTypeIds.length === 0 || service.roomTypeIds.includes(room.roomTypeId)) &&
    (service.ratePlanIds.length === 0 || service.ratePlanIds.includes(room.ratePlanId))
  );
}

/**
 * One extra of a room for its stay, from the database: refused when it is not offered for the
 * room's type, rate and dates, or asked more than once where it is taken once per room.
 */
export function priceService(
  services: readonly BookableService[],
  selection: { ServiceId: number; Quantity: number },
  room: { field: string; from: IsoDate; to: IsoDate; roomTypeId: number; ratePlanId: number; party: Party },
): PricedService {
  const service = services.find((candidate) => candidate.id === selection.ServiceId);
  const nights = service ? offeredNights({ OfferedFrom: service.offeredFrom, OfferedTo: service.offeredTo }, room.from, room.to) : [];
  if (!service || nights.length === 0 || !serviceOfferedFor(service, room)) {
    throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
      modelState: { [`${room.field}.ServiceId`]: ['This extra is not offered for this room and dates'] },
    });
  }
  if (service.chargeType !== 'PerQuantity' && selection.Quantity !== 1) {
    throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
      modelState: { [`${room.field}.Quantity`]: ['This extra can be added once per room'] },
    });
  }
  const pricing = {
    ChargeType: service.chargeType,
    ChargePerPerson: service.chargePerPerson,
    Articles: service.articles.map((a) => ({ Price: a.price })),
  };
  return {
    service,
    quantity: selection.Quantity,
    unitPrice: sumMinor(service.articles.map((a) => a.price)),
    total: serviceCost(pricing, { nights: nights.length, quantity: selection.Quantity, party: room.party }),
    nights,
    units: serviceUnits(pricing, { quantity: selection.Quantity, party: room.party }),
  };
}

/**
 * Prices every room the client sent (and its extras) from the database with the same quote a
 * search gives, refusing rooms that are no longer sellable or do not take their party. The
 * client's prices are never used; `assertClientPrices` compares them afterwards.
 */
export async function priceRooms<Payload extends PricedRoomPayload>(
  context: Pick<AppContext, 'database' | 'availability'>,
  /** With the inventory version the caller read, when it read one (its rooms free are then not read again). */
  property: PropertyRow & { inventoryVersion?: number },
  rooms: readonly Payload[],
  options: {
    now: Date;
    promoCode?: string | null | undefined;
    ratePlanCode?: string | null | undefined;
    /** A room's name in ModelState by its position in `rooms`: `Rooms[i]` unless told (manage names its own). */
    fieldOf?: (index: number) => string;
    /**
     * A booking being changed holds nights the quote counts as sold: its caller checks the
     * rooms left with them counted as free, and its transaction's take is the last word.
     */
    freeUnitsCheckedByCaller?: boolean;
  },
): Promise<PricedRoom<Payload>[]> {
  const fieldOf = options.fieldOf ?? ((index: number) => `Rooms[${index}]`);
  const quotes = new Map<string, StayQuote>();
  const [services, { ratePlans }] = await Promise.all([
    findBookableServices(
      context.database.db,
      property.id,
      rooms.flatMap((room) => room.Services.map((s) => s.ServiceId)),
    ),
    context.availability.catalogue.catalogue(property),
  ]);
  const roomTypeIds = rooms.map((room) => room.RoomTypeId);
  const priced: PricedRoom<Payload>[] = [];
  for (const [index, payload] of rooms.entries()) {
    // The price the guest saw is in the property's currency: a yen has no fraction to send.
    const decimals = currencyDecimalsProblem(payload.TotalCost, property.currency);
    if (decimals !== null) throw invalidField(`${fieldOf(index)}.TotalCost`, decimals);
    const stay = stayDates(property, payload.DateFrom, payload.DateTo, options.now, {
      from: `${fieldOf(index)}.DateFrom`,
      to: `${fieldOf(index)}.DateTo`,
    });
    // A code-only rate is sold only to whoever has its code, as a search hides it without.
    const plan = ratePlans.find((candidate) => candidate.id === payload.RatePlanId);
    const ratePlanCode = options.ratePlanCode?.trim() || null;
    if (plan?.requiresCode && plan.code.toLowerCase() !== ratePlanCode?.toLowerCase()) {
      throw invalidField(`${fieldOf(index)}.RatePlanId`, `The ${plan.name} rate needs its rate code. Please search again with the code.`);
    }
    const key = `${stay.from}:${stay.to}`;
    let quote = quotes.get(key);
    if (!quote) {
      quote = await quoteStay(context.availability, {
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
    const restricted = rate ? undefined : entry?.closedRates.find((closed) => closed.ratePlanId === payload.RatePlanId)?.detail;
    if (plan && restricted) {
      // A restriction the guest can meet by other dates: say which, and what would work.
      const field = restricted.kind === 'MIN_ADVANCE_BOOKING' || restricted.kind === 'MAX_ADVANCE_BOOKING' ? 'DateFrom' : 'DateTo';
      throw invalidField(`${fieldOf(index)}.${field}`, restrictionMessage(plan.name, restricted));
    }
    if (!entry || !rate || (!options.freeUnitsCheckedByCaller && entry.freeUnits < 1))
      throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);

    const party: Party = {
      NumberOfAdults: payload.NumberOfAdults,
      NumberOfChildren: payload.NumberOfChildren,
      NumberOfInfants: payload.NumberOfInfants,
    };
    if (!fitsRoomTypeAndRate(party, roomTypeLimits(entry.roomType), rateOccupancy(rate.ratePlan))) {
      throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
        modelState: {
          [`${fieldOf(index)}`]: [
            `The ${entry.roomType.name} on the ${rate.ratePlan.name} rate does not take ${party.NumberOfAdults} adults, ${party.NumberOfChildren} children and ${party.NumberOfInfants} infants.`,
          ],
        },
      });
    }
    const pricedServices = payload.Services.map((selection, j) =>
      priceService(services, selection, {
        field: `${fieldOf(index)}.Services[${j}]`,
        from: stay.from,
        to: stay.to,
        roomTypeId: entry.roomType.id,
        ratePlanId: rate.ratePlan.id,
        party,
      }),
    );
    const cost = stayRoomCost(rate.nights, party);
    priced.push({
      payload,
      index,
      from: stay.from,
      to: stay.to,
      nights: countNights(stay.from, stay.to),
      party,
      roomType: entry.roomType,
      rate,
      total: cost.total,
      originalTotal: cost.original,
      nightPrices: nightlyRoomPrices(rate.nights, party),
      services: pricedServices,
      servicesTotal: sumMinor(pricedServices.map((s) => s.total)),
    });
  }
  return priced;
}

/** A room as priced by the server beside the price its client saw. */
export type PriceCheckedRoom = Pick<PricedRoom, 'total' | 'originalTotal' | 'servicesTotal'> & {
  payload: { ReservationItemId?: number | string | null | undefined; TotalCost: number };
  services: readonly { service: { id: number }; total: Minor }[];
};

/** Refuses with 409 and the server's prices (in major units of `currency`) when any room's TotalCost differs from what the client saw. */
export function assertClientPrices(rooms: readonly PriceCheckedRoom[], currency: string): void {
  const changed = rooms.some((room) => toMinor(room.payload.TotalCost, currency) !== room.total);
  if (!changed) return;
  throw new AppError('PRICE_CHANGED', 'The price of your stay has changed. Please check the new price and confirm your booking again.', {
    details: {
      // Everything a client shows of a room, so it can show the new prices without searching again.
      Rooms: rooms.map((room) => ({
        ReservationItemId: room.payload.ReservationItemId ?? null,
        TotalCost: toMajor(room.total, currency),
        OriginalTotalCost: toMajor(room.originalTotal, currency),
        ServicesCost: toMajor(room.servicesTotal, currency),
        Services: room.services.map((s) => ({ ServiceId: s.service.id, TotalCost: toMajor(s.total, currency) })),
      })),
      TotalCost: toMajor(sumMinor(rooms.map((room) => room.total + room.servicesTotal)), currency),
    },
  });
}
