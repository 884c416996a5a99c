/** GET /api/RoomTypeConfiguration/Get: the options of the room configuration question. */
import useSWR from 'swr';
import { apiGet } from '../../lib/api-client';
import type { RoomConfigurationOption } from '@hotel/domain/wire/room-type-configuration-response';

export const roomConfigurationsKey = (propertyId: number, roomTypeId: number) =>
  ['RoomTypeConfiguration/Get', propertyId, roomTypeId] as const;

const fetchRoomConfigurations = ([, propertyId, roomTypeId]: readonly [string, number, number]) =>
  apiGet<RoomConfigurationOption[]>('/RoomTypeConfiguration/Get', { propertyId, roomTypeId });

export function useRoomConfigurations(propertyId: number, roomTypeId: number, enabled: boolean) {
  return useSWR(enabled ? roomConfigurationsKey(propertyId, roomTypeId) : null, fetchRoomConfigurations, { revalidateOnFocus: false });
}
