import type { PreCheckInConfigurationResponse } from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import { requireProperty, type PropertyRow } from '../property';

/** The wire form of a property's pre-check-in settings, as its definition stored them. */
export function toPreCheckInConfiguration(property: PropertyRow): PreCheckInConfigurationResponse {
  const settings = property.preCheckInConfiguration;
  return {
    PropertyId: property.id,
    ShowRoomConfigurationQuestion: settings.ShowRoomConfigurationQuestion,
    BookerConfiguration: { ...settings.BookerConfiguration },
    GuestConfiguration: { ...settings.GuestConfiguration },
  };
}

/** GET /api/PreCheckIn/Config/{id}: which details pre-check-in asks for at a property, by its id or code. */
export async function preCheckInConfiguration(
  context: Pick<AppContext, 'database'>,
  idOrCode: string,
): Promise<PreCheckInConfigurationResponse> {
  const property = await requireProperty(context.database.db, idOrCode);
  return toPreCheckInConfiguration(property);
}
