import { importDefinition } from '../../src/property-definition/import-definition';
import type { AppContext } from '../../src/app-context';

type Json = Record<string, unknown>;

/**
 * A small, valid property definition (the input form a hotel writes). Tests state what they
 * rely on through overrides instead of depending on the demo data.
 */
export function aProperty(overrides: Json = {}): Json {
  return {
    Code: 'TEST',
    Name: 'Test Hotel',
    TimeZone: 'Europe/London',
    Currency: 'GBP',
    Address: '1 Test Street, Testville',
    Email: 'stay@test-hotel.example',
    Telephone: '+441000000000',
    StandardVatRate: 20,
    CreditCards: ['Visa', 'Mastercard'],
    RoomTypes: [
      { Code: 'DBL', Name: 'Double', Rooms: ['101', '102'], MaximumOccupancy: 3, AdultMaximumOccupancy: 2, ChildMaximumOccupancy: 1 },
    ],
    RatePlans: [{ Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: 100 }] }],
    ...overrides,
  };
}

export function aDefinition(...properties: Json[]): Json {
  return { Properties: properties.length > 0 ? properties : [aProperty()] };
}

/** Imports a definition and fails the test loudly if it has problems. */
export async function givenDefinition(context: Pick<AppContext, 'database' | 'clock'>, definition: Json): Promise<void> {
  const result = await importDefinition(context, definition, { checkOnly: false });
  if (!result.ok) throw new Error(`test definition invalid:\n${result.problems.map((p) => `${p.path}: ${p.message}`).join('\n')}`);
}
