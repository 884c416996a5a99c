/**
 * The path and query parameters routes share. Query and path values arrive as text; an id is
 * a Postgres integer, so a larger number is refused here rather than by the database.
 */
import { z } from 'zod';
import { MAX_ID } from './scalars';

/** An id in a query string, named in its message ("A valid propertyId is required"). */
export const queryId = (name: string) =>
  z.coerce
    .number({ error: `A valid ${name} is required` })
    .int()
    .min(1)
    .max(MAX_ID);

/** A property as web routes (its code) and API clients (its id) name it in a path. */
export const propertyIdOrCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, 'A property id or code is required');

/** `{id}`: the property of a `/api/.../{id}` path. */
export const propertyIdOrCodeParams = z.object({ id: propertyIdOrCodeSchema });
