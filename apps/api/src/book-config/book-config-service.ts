import type { AppContext } from '../app-context';
import { noSuchProperty } from '../property';
import { findBookingConfiguration, findGroupProperties } from './book-config-queries';
import type { BookingConfigurationResponse } from '@hotel/domain/wire/book-config-response';
import { toBookingConfigurationResponse } from './book-config-response';

/** GET /api/Book/Config/{id}: a property's booking configuration and the other locations of its group. */
export async function bookingConfiguration(context: Pick<AppContext, 'database'>, idOrCode: string): Promise<BookingConfigurationResponse> {
  const { db } = context.database;
  const property = await findBookingConfiguration(db, idOrCode);
  if (!property) throw noSuchProperty(idOrCode);
  // A property outside any group offers no other locations: Locations is empty, not itself alone.
  const locations = property.groupId === null ? [] : await findGroupProperties(db, property.groupId);
  return toBookingConfigurationResponse(property, locations);
}
