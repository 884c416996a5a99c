import { z } from 'zod';
import { definitionSchema, propertySchema, type Definition, type PropertyDefinition } from './definition-schema';

/**
 * A property as far as it is valid: each field that parses on its own, and of a list that does
 * not, the elements that do, each at its own index (the failed ones are holes, which forEach,
 * map and some skip, so every problem keeps the JSON path of the file).
 */
export type SalvagedProperty = { [K in keyof PropertyDefinition]?: PropertyDefinition[K] };

export type SalvagedDefinition = {
  Groups: Definition['Groups'];
  Properties: { property: SalvagedProperty; codesWritten: CodesWritten }[];
};

/** Codes written in the file, valid or not: a reference to a room type refused for another reason is not "unknown". */
export type CodesWritten = { roomTypes: string[]; ratePlans: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listElement(schema: z.ZodType): z.ZodType | undefined {
  const inner = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
}

function salvageField(schema: z.ZodType, raw: unknown): unknown {
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data;
  const element = listElement(schema);
  if (!element || !Array.isArray(raw)) return undefined;
  const kept: unknown[] = new Array(raw.length);
  raw.forEach((item, index) => {
    const parsed = element.safeParse(item);
    if (parsed.success) kept[index] = parsed.data;
  });
  return kept;
}

function codesIn(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (isRecord(item) && typeof item.Code === 'string' ? [item.Code.trim()] : []));
}

function salvageProperty(raw: unknown): { property: SalvagedProperty; codesWritten: CodesWritten } {
  const fields = isRecord(raw) ? raw : {};
  const property: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(propertySchema.shape)) {
    const value = salvageField(schema as z.ZodType, fields[key]);
    if (value !== undefined) property[key] = value;
  }
  return { property, codesWritten: { roomTypes: codesIn(fields.RoomTypes), ratePlans: codesIn(fields.RatePlans) } };
}

/**
 * What the cross-reference checks can still look at in a definition the schema refused, so that
 * one run reports a mistyped field and an unknown reference elsewhere together.
 */
export function salvageDefinition(input: unknown): SalvagedDefinition {
  const raw = isRecord(input) ? input : {};
  const groups = definitionSchema.shape.Groups.safeParse(raw.Groups);
  return {
    Groups: groups.success ? groups.data : [],
    Properties: Array.isArray(raw.Properties) ? raw.Properties.map(salvageProperty) : [],
  };
}
