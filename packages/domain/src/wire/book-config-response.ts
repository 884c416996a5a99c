import { z } from 'zod';

const locationSchema = z
  .object({
    LocationId: z.number().int(),
    Name: z.string(),
    Address: z.string(),
    PropertyCode: z.string(),
  })
  .meta({ id: 'Location' });

/** A property's booking configuration as the web client reads it (docs/property-definition.md), with its locations. */
export const bookingConfigurationResponseSchema = z
  .object({
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
  })
  .meta({ id: 'BookingConfiguration' });

export type BookingConfigurationResponse = z.infer<typeof bookingConfigurationResponseSchema>;
export type Location = z.infer<typeof locationSchema>;
