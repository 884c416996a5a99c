import {
  propertyGroupAreaAvailabilityRequestSchema,
  propertyGroupAreaAvailabilityResponseSchema,
  propertyGroupIdOrCodeParams,
  propertyGroupResponseSchema,
  propertyGroupSearchRequestSchema,
  propertyGroupSearchResponseSchema,
} from '@hotel/domain/wire/property-group';
import type { AppContext } from '../app-context';
import { codeGuesses } from '../availability';
import { clientOf, type ApiRouter } from '../http';
import { groupAreaAvailability } from './group-calendar';
import { searchPropertyGroup } from './group-search';
import { propertyGroup } from './property-group-service';

const codeGuessRefusal = 'Too many searches with a promo or rate code no property of the group has, from this client lately';

export function registerPropertyGroupRoutes(api: ApiRouter, context: AppContext): void {
  // The single search's limits: a promo or rate code no property of the group has is a guess.
  const guesses = codeGuesses(context);
  api.route(
    {
      method: 'get',
      path: '/api/PropertyGroup/{id}',
      operationId: 'getPropertyGroup',
      summary: 'A property group, by its number or code, with its properties in the order its definition lists them',
      tag: 'PropertyGroup',
      params: propertyGroupIdOrCodeParams,
      response: propertyGroupResponseSchema,
      errors: { 404: 'No property group has that number or code' },
    },
    ({ params }) => propertyGroup(context, params.id),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Availability/SearchPropertyGroup',
      operationId: 'searchPropertyGroup',
      summary:
        'For each property of a group: whether it can sell the stay to every searched room, its lowest price, or why not and nearby dates',
      tag: 'Availability',
      body: propertyGroupSearchRequestSchema,
      response: propertyGroupSearchResponseSchema,
      errors: { 404: 'Unknown property group', 429: codeGuessRefusal },
    },
    ({ body }, req) => searchPropertyGroup(context, body, { guesses, client: clientOf(req) }),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Availability/SearchPropertyGroupAreaAvailability',
      operationId: 'searchPropertyGroupAreaAvailability',
      summary: 'A group calendar: per night, how many of its properties can take every searched room and the lowest price',
      tag: 'Availability',
      body: propertyGroupAreaAvailabilityRequestSchema,
      response: propertyGroupAreaAvailabilityResponseSchema,
      errors: { 404: 'Unknown property group', 429: codeGuessRefusal },
    },
    ({ body }, req) => groupAreaAvailability(context, body, { guesses, client: clientOf(req) }),
  );
}
