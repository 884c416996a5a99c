import type { BookingConfigurationResponse } from '@hotel/domain/wire/book-config-response';
import type { BookingConfigurationRow, LocationRow } from './book-config-queries';

/** The wire form of a property's booking configuration, built field by field from the stored one. */
export function toBookingConfigurationResponse(row: BookingConfigurationRow, locations: LocationRow[]): BookingConfigurationResponse {
  // The import stores the noun beside the other keys; the stored type does not name it.
  const stored = row.bookingConfiguration as typeof row.bookingConfiguration & { AccommodationUnitNoun?: string };
  return {
    PropertyId: row.id,
    HidePromoCodeOnLandingPage: stored.HidePromoCodeOnLandingPage,
    Locations: locations.map((location) => ({
      LocationId: location.id,
      Name: location.name,
      Address: location.address ?? '',
      PropertyCode: location.code,
    })),
    NoAvailabilityMessage: stored.NoAvailabilityMessage,
    MaxNumberOfRoomsOnBooking: stored.MaxNumberOfRoomsOnBooking,
    ShowRoomConfigurationQuestion: stored.ShowRoomConfigurationQuestion,
    Offers: stored.Offers,
    BookingIncentives: stored.BookingIncentives,
    GiftServiceProviderConfig: { Active: stored.GiftServiceProviderConfig.Active, Name: stored.GiftServiceProviderConfig.Name },
    EnableUserChoiceOfPaymentMethod: stored.EnableUserChoiceOfPaymentMethod,
    EnablePayByCompanyInvoice: stored.EnablePayByCompanyInvoice,
    HasCustomTermsAndConditions: stored.HasCustomTermsAndConditions,
    CustomTermsAndConditionsLabel: stored.CustomTermsAndConditionsLabel,
    CustomTermsAndConditionsText: stored.CustomTermsAndConditionsText,
    OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: stored.OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice,
    RestaurantBookingServiceActive: stored.RestaurantBookingServiceActive,
    RestaurantBookingDefaultRestaurant: stored.RestaurantBookingDefaultRestaurant,
    RestaurantBookingServiceType: stored.RestaurantBookingServiceType,
    ShowMinimumLengthOfStayNotification: stored.ShowMinimumLengthOfStayNotification,
    // The property's own column (also served by /api/Property), so the two answers cannot disagree.
    ShowRoomTypeOccupancy: row.showRoomTypeOccupancy,
    SameDayBookingRestrictionEnabled: stored.SameDayBookingRestrictionEnabled,
    SameDayBookingRestrictionHour: stored.SameDayBookingRestrictionHour,
    SameDayBookingRestrictionMinute: stored.SameDayBookingRestrictionMinute,
    SameDayBookingRestrictionMessage: stored.SameDayBookingRestrictionMessage,
    AccommodationUnitNoun: stored.AccommodationUnitNoun ?? 'room',
  };
}
