/**
 * Extras (services): cost by charge type (docs/pricing.md), inventory, and whether the
 * extras of an item are editable.
 */
import { isWithin, nightsOfStay, type IsoDate } from './dates';
import { smallestFreeCount } from './inventory';
import { assertMinor, sumMinor, type Minor } from './money';
import type { Party } from './occupancy';

/** How a service is charged. */
export type ChargeType = 'PerStay' | 'PerDay' | 'PerQuantity';

/** The charge types in the wire's order. */
export const CHARGE_TYPES: readonly ChargeType[] = ['PerStay', 'PerDay', 'PerQuantity'];

/** What a service's price depends on; article prices in minor units. */
export interface ServicePricing {
  ChargeType: ChargeType;
  ChargePerPerson: boolean;
  Articles: readonly { Price: Minor }[];
}

/** Guests counted for services (and their capacity): adults + children, never infants. */
export function serviceGuests(party: Party): number {
  return party.NumberOfAdults + party.NumberOfChildren;
}

/** The multiplier of a charge type: 1 per stay, nights per day, quantity per quantity. */
export function chargeMultiplier(chargeType: ChargeType, stay: { nights: number; quantity: number }): number {
  switch (chargeType) {
    case 'PerStay':
      return 1;
    case 'PerDay':
      return stay.nights;
    case 'PerQuantity':
      return stay.quantity;
  }
}

/** The dates a service is offered on, both included; null: open on that side. */
export interface ServiceWindow {
  OfferedFrom?: IsoDate | null;
  OfferedTo?: IsoDate | null;
}

/**
 * The nights of a stay (arrival to departure) a service is offered on. A service is offered
 * for a stay when this is not empty; a per-day service is charged, and a limited one takes
 * its units, on these nights only.
 */
export function offeredNights(window: ServiceWindow, from: IsoDate, to: IsoDate): IsoDate[] {
  return nightsOfStay(from, to).filter((night) => isWithin(night, window.OfferedFrom, window.OfferedTo));
}

/**
 * Units of a limited service a booking takes on each night: the quantity, times the guests
 * (adults + children) when it is charged per person, as each of them uses one.
 */
export function serviceUnits(service: Pick<ServicePricing, 'ChargePerPerson'>, booking: { quantity: number; party: Party }): number {
  return booking.quantity * (service.ChargePerPerson ? serviceGuests(booking.party) : 1);
}

/**
 * Service cost = sum of article prices x multiplier x (adults + children when charged per
 * person); `nights` are the nights of the stay the service is offered on (`offeredNights`).
 */
export function serviceCost(service: ServicePricing, stay: { nights: number; quantity: number; party: Party }): Minor {
  const articles = sumMinor(service.Articles.map((article) => article.Price));
  const people = service.ChargePerPerson ? serviceGuests(stay.party) : 1;
  return assertMinor(articles * chargeMultiplier(service.ChargeType, stay) * people);
}

/**
 * Units of a service free over a stay: the smallest of StartingInventory minus the units used
 * on each night; null when StartingInventory is null (unlimited).
 */
export function freeServiceUnits(startingInventory: number | null, usedPerNight: readonly number[]): number | null {
  if (startingInventory === null) return null;
  return smallestFreeCount(usedPerNight.map((used) => startingInventory - used));
}

/** True when a quantity can be booked against what is free (null: unlimited). */
export function canBookServiceQuantity(available: number | null, quantity: number, alreadyInBasket = 0): boolean {
  return available === null || quantity + alreadyInBasket <= available;
}

/**
 * The extras of an item are editable if there are none, or any service allows editing on the
 * booking engine, or one was just added.
 */
export function servicesAreEditable(
  services: readonly { AllowEditOnBookingEngine?: boolean | null }[],
  serviceJustAdded: boolean,
): boolean {
  return services.length === 0 || serviceJustAdded || services.some((service) => service.AllowEditOnBookingEngine === true);
}
