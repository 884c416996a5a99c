import { z } from 'zod';
import type { BookingConfigurationRow, LocationRow } from './book-config-queries';

const locationSchema = z.object({
  LocationId: z.number().int(),
  Name: z.string(),
  Address: z.string(),
  PropertyCode: z.string(),
});

/** A property's booking configuration as the web client reads it (docs/property-definition.md), with its locations. */
export const bookingConfigurationResponseSchema = z.object({
  PropertyId: z.number().int(),
  HidePromoCodeOnLandingPage: z.boolean(),
  Locations: z.array(locationSchema),
  NoAvailabilityMessage: z.string(),
  MaxNumberOfRoomsOnBooking: z.number().int().nullable(),
  ShowRoomConfigurationQuestion: z.boolean(),
  Offers: z.array(z.string()),
  BookingIncentives: z.array(z.string()),
  GiftServiceProviderConfig: z.object({ Active: z.boolean(), Name: z.string() }),
  EnableUserChoiceOfPaymentMethod: z.boolean(),
  EnablePayByCompanyInvoice: z.boolean(),
  HasCustomTermsAndConditions: z.boolean(),
  CustomTermsAndConditionsLabel: z.string().nullable(),
  CustomTermsAndConditionsText: z.string().nullable(),
  OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: z.boolean(),
  RestaurantBookingServiceActive: z.boolean(),
  RestaurantBookingDefaultRestaurant: z.string().nullable(),
  RestaurantBookingServiceType: z.string().nullable(),
  ShowMinimumLengthOfStayNotification: z.boolean(),
  ShowRoomTypeOccupancy: z.boolean(),
  SameDayBookingRestrictionEnabled: z.boolean(),
  SameDayBookingRestrictionHour: z.number().int(),
  SameDayBookingRestrictionMinute: z.number().int(),
  SameDayBookingRestrictionMessage: z.string().nullable(),
  AccommodationUnitNoun: z.string(),
});

export type BookingConfigurationResponse = z.infer<typeof bookingConfigurationResponseSchema>;

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
