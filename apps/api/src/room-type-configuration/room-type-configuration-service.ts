import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findRoomConfigurations, hasProperty, hasRoomType } from './room-type-configuration-queries';
import type { RoomConfigurationOption } from '@hotel/domain/wire/room-type-configuration-response';
import { toRoomConfigurationOption } from './room-type-configuration-response';

/** GET /api/RoomTypeConfiguration/Get: the bed configurations of one of a property's room types. */
export async function roomConfigurations(
  context: Pick<AppContext, 'database'>,
  ids: { propertyId: number; roomTypeId: number },
): Promise<RoomConfigurationOption[]> {
  const { db } = context.database;
  if (!(await hasProperty(db, ids.propertyId))) throw notFound(`There is no property ${ids.propertyId}.`);
  if (!(await hasRoomType(db, ids.propertyId, ids.roomTypeId))) {
    throw notFound(`Property ${ids.propertyId} has no room type ${ids.roomTypeId}.`);
  }
  const rows = await findRoomConfigurations(db, ids.roomTypeId);
  return rows.map(toRoomConfigurationOption);
}
