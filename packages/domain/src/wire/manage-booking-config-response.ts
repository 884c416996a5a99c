import { z } from 'zod';

/** Which of a booker's or guest's details a form must ask for (docs/property-definition.md). */
export const contactFieldRequirementsSchema = z
  .object({
    FirstNameRequired: z.boolean(),
    LastNameRequired: z.boolean(),
    EmailRequired: z.boolean(),
    PhoneRequired: z.boolean(),
    CountryRequired: z.boolean(),
    StreetRequired: z.boolean(),
    CityRequired: z.boolean(),
    StateOrCountyRequired: z.boolean(),
    PostCodeRequired: z.boolean(),
  })
  .meta({ id: 'ContactFieldRequirements' });

/** How managing a booking behaves at a property (docs/manage-booking.md). */
export const manageBookingConfigurationResponseSchema = z
  .object({
    PropertyId: z.number().int(),
    ShowRoomConfigurationQuestion: z.boolean(),
    RequireCancellationReason: z.boolean(),
    /** The property's gift vouchers, as checkout names them: a managed booking shows the voucher it was paid with under this name. */
    GiftServiceProviderConfig: z.object({ Active: z.boolean(), Name: z.string() }),
    BookerConfiguration: contactFieldRequirementsSchema,
    GuestConfiguration: contactFieldRequirementsSchema,
  })
  .meta({ id: 'ManageBookingConfiguration' });

export type ManageBookingConfigurationResponse = z.infer<typeof manageBookingConfigurationResponseSchema>;
