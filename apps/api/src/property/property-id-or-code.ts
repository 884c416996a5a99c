import { z } from 'zod';

/** A property as web routes (its code) and API clients (its id) name it in a path. */
export const propertyIdOrCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, 'A property id or code is required');
