import { z } from 'zod';
import { MAX_ID } from '@hotel/domain/wire/scalars';
import { searchRequestSchema } from '@hotel/domain/wire/search-request';
import { wireDate } from '@hotel/domain/wire/scalars';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { availabilityCalendar, calendarResponseSchema } from './calendar';
import { searchAvailability } from './search-availability';
import { searchResponseSchema } from './search-response';

export function registerAvailabilityRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/api/Availability/Search',
      summary: 'Room types and rates available for a stay and the searched rooms',
      tag: 'Availability',
      body: searchRequestSchema,
      response: searchResponseSchema,
      errors: { 404: 'Unknown property or location' },
    },
    ({ body }) => searchAvailability(context, body),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Availability',
      summary: 'The availability calendar: rooms free and open rates per night (today to 36 months ahead)',
      tag: 'Availability',
      query: z.object({
        propertyId: z.coerce.number().int().positive().max(MAX_ID),
        fromDate: wireDate,
        toDate: wireDate,
        languageCode: z.string().max(35).optional(),
      }),
      response: calendarResponseSchema,
      errors: { 404: 'Unknown property' },
    },
    ({ query }) => availabilityCalendar(context, query),
  );
}
