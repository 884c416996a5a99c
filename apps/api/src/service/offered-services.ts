import { addDays, type IsoDate } from '@hotel/domain/dates';
import { smallestFreeCount } from '@hotel/domain/inventory';
import { offeredNights } from '@hotel/domain/services';
import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findArticles, findOfferedServices, findServiceNights, findStayParts, type ArticleRow, type ServiceRow } from './service-queries';

export type OfferedServicesRequest = { propertyId: number; roomTypeId: number; ratePlanId: number; arrival: IsoDate; departure: IsoDate };

export type OfferedService = { service: ServiceRow; articles: ArticleRow[]; freeUnits: number | null };

/** The extras offered, priced in minor units of the property's `currency`. */
export type OfferedServices = { currency: string; services: OfferedService[] };

/**
 * Units of a limited service free over the nights of the stay it is offered on: its scarcest
 * night. A night without a stored row lies outside the sellable window and has nothing to
 * sell, so it counts as 0.
 */
function freeUnitsOverStay(nights: IsoDate[], stored: Map<IsoDate, number>): number {
  return smallestFreeCount(nights.map((night) => stored.get(night) ?? 0));
}

/** The extras a guest may add to a room of this room type and rate plan for the stay, with what is left of each. */
export async function offeredServices(
  { database }: Pick<AppContext, 'database'>,
  request: OfferedServicesRequest,
): Promise<OfferedServices> {
  const { db } = database;
  const found = await findStayParts(db, request);
  if (!found.property) throw notFound(`There is no property ${request.propertyId}.`);
  if (!found.roomType) throw notFound(`Property ${request.propertyId} has no room type ${request.roomTypeId}.`);
  if (!found.ratePlan) throw notFound(`Property ${request.propertyId} has no rate plan ${request.ratePlanId}.`);

  const rows = await findOfferedServices(db, { ...request, firstNight: request.arrival, lastNight: addDays(request.departure, -1) });
  const limitedIds = rows.filter((row) => row.startingInventory !== null).map((row) => row.id);
  const [articles, storedNights] = await Promise.all([
    findArticles(
      db,
      rows.map((row) => row.id),
    ),
    findServiceNights(db, limitedIds, request.arrival, request.departure),
  ]);

  const freeByNight = new Map<number, Map<IsoDate, number>>();
  for (const row of storedNights) {
    const perNight = freeByNight.get(row.serviceId) ?? new Map<IsoDate, number>();
    perNight.set(row.night, row.total - row.used);
    freeByNight.set(row.serviceId, perNight);
  }
  const services = rows.map((service) => ({
    service,
    articles: articles.filter((article) => article.serviceId === service.id),
    freeUnits:
      service.startingInventory === null
        ? null
        : freeUnitsOverStay(
            offeredNights({ OfferedFrom: service.offeredFrom, OfferedTo: service.offeredTo }, request.arrival, request.departure),
            freeByNight.get(service.id) ?? new Map(),
          ),
  }));
  return { currency: found.currency, services };
}
