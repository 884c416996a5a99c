import { z } from 'zod';

export const roomConfigurationOptionSchema = z
  .object({
    RoomConfigurationDropdownOptionId: z.number().int(),
    Name: z.string(),
  })
  .meta({ id: 'RoomConfigurationOption' });

export const roomConfigurationsResponseSchema = z.array(roomConfigurationOptionSchema);

export type RoomConfigurationOption = z.infer<typeof roomConfigurationOptionSchema>;
