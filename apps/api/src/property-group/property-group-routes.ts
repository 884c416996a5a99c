import {
  propertyGroupAreaAvailabilityRequestSchema,
  propertyGroupAreaAvailabilityResponseSchema,
  propertyGroupIdOrCodeParams,
  propertyGroupResponseSchema,
  propertyGroupSearchRequestSchema,
  propertyGroupSearchResponseSchema,
} from '@hotel/domain/wire/property-group';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { groupAreaAvailability } from './group-calendar';
import { searchPropertyGroup } from './group-search';
import { propertyGroup } from './property-group-service';

export function registerPropertyGroupRoutes(api: ApiRouter, context: AppContext): void {
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
      errors: { 404: 'Unknown property group' },
    },
    ({ body }) => searchPropertyGroup(context, body),
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
      errors: { 404: 'Unknown property group' },
    },
    ({ body }) => groupAreaAvailability(context, body),
  );
}
