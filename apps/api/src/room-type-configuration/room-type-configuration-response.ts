import { z } from 'zod';
import type { RoomConfigurationRow } from './room-type-configuration-queries';

export const roomConfigurationOptionSchema = z.object({
  RoomConfigurationDropdownOptionId: z.number().int(),
  Name: z.string(),
});

export const roomConfigurationsResponseSchema = z.array(roomConfigurationOptionSchema);

export type RoomConfigurationOption = z.infer<typeof roomConfigurationOptionSchema>;

/** One bed configuration as the checkout's dropdown reads it. */
export function toRoomConfigurationOption(row: RoomConfigurationRow): RoomConfigurationOption {
  return { RoomConfigurationDropdownOptionId: row.id, Name: row.label };
}
