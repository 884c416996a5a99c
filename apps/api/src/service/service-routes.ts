import { z } from 'zod';
import { compareDates, countNights, parseDate } from '@hotel/domain/dates';
import { queryId } from '@hotel/domain/wire/parameters';
import { languageCodeSchema, wireDate } from '@hotel/domain/wire/scalars';
import type { AppContext } from '../app-context';
import { maxNightsPerStay } from '../availability';
import type { ApiRouter } from '../http';
import { offeredServices } from './offered-services';
import { servicesResponseSchema } from '@hotel/domain/wire/service-response';
import { toServicesResponse } from './service-response';

const servicesQuery = z
  .object({
    propertyId: queryId('propertyId'),
    roomTypeId: queryId('roomTypeId'),
    ratePlanId: queryId('ratePlanId'),
    dateOfArrival: wireDate,
    dateOfDeparture: wireDate,
    languageCode: languageCodeSchema.optional(),
  })
  .superRefine((query, context) => {
    const arrival = parseDate(query.dateOfArrival);
    const departure = parseDate(query.dateOfDeparture);
    if (arrival === null || departure === null) return;
    if (compareDates(departure, arrival) <= 0) {
      context.addIssue({ code: 'custom', path: ['dateOfDeparture'], message: 'The departure date must be after the arrival date' });
    } else if (countNights(arrival, departure) > maxNightsPerStay) {
      // The same bound as a booking: extras for a stay nobody can book would mean nothing.
      context.addIssue({ code: 'custom', path: ['dateOfDeparture'], message: `A stay can be at most ${maxNightsPerStay} nights online.` });
    }
  });

export function registerServiceRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Service/Get',
      operationId: 'getServices',
      summary: 'The extras offered for a room type, rate plan and stay, with the units left of each',
      tag: 'Service',
      query: servicesQuery,
      response: servicesResponseSchema,
      errors: { 404: 'Unknown property, or a room type or rate plan that is not the property’s' },
    },
    async ({ query }) => {
      const offered = await offeredServices(context, {
        propertyId: query.propertyId,
        roomTypeId: query.roomTypeId,
        ratePlanId: query.ratePlanId,
        arrival: parseDate(query.dateOfArrival)!,
        departure: parseDate(query.dateOfDeparture)!,
      });
      return toServicesResponse(offered);
    },
  );
}
