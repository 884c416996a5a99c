import type { ManageBookingConfigurationResponse } from '@hotel/domain/wire/manage-booking-config-response';
import type { AppContext } from '../app-context';
import { requireProperty, type PropertyRow } from '../property';

/** The wire form of a property's manage-booking settings, field by field from what its definition stored. */
export function toManageBookingConfiguration(property: PropertyRow): ManageBookingConfigurationResponse {
  const manage = property.manageBookingConfiguration;
  const gift = property.bookingConfiguration.GiftServiceProviderConfig;
  return {
    PropertyId: property.id,
    ShowRoomConfigurationQuestion: manage.ShowRoomConfigurationQuestion,
    RequireCancellationReason: manage.RequireCancellationReason,
    // One voucher scheme per property: the one checkout offers (docs/manage-booking.md).
    GiftServiceProviderConfig: { Active: gift.Active, Name: gift.Name },
    BookerConfiguration: { ...manage.BookerConfiguration },
    GuestConfiguration: { ...manage.GuestConfiguration },
  };
}

/** GET /api/ManageBooking/Config/{id}: how managing a booking behaves at a property, by its id or code. */
export async function manageBookingConfiguration(
  context: Pick<AppContext, 'database'>,
  idOrCode: string,
): Promise<ManageBookingConfigurationResponse> {
  const property = await requireProperty(context.database.db, idOrCode);
  return toManageBookingConfiguration(property);
}
