import type { RoomConfigurationOption } from '@hotel/domain/wire/room-type-configuration-response';
import type { RoomConfigurationRow } from './room-type-configuration-queries';

/** One bed configuration as the checkout's dropdown reads it. */
export function toRoomConfigurationOption(row: RoomConfigurationRow): RoomConfigurationOption {
  return { RoomConfigurationDropdownOptionId: row.id, Name: row.label };
}
