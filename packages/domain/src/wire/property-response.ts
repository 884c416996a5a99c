import { z } from 'zod';
import { paymentProviderSchema } from './scalars';

const cardTypeSchema = z.object({ Id: z.number().int(), Name: z.string(), Code: z.string() });

export const propertyResponseSchema = z
  .object({
    PropertyId: z.number().int(),
    PropertyCode: z.string(),
    /** The group the property belongs to (for /BookGroup), or null. */
    PropertyGroupId: z.number().int().nullable(),
    PropertyName: z.string(),
    PropertyAddress: z.string(),
    Address: z.string(),
    TimeZone: z.string(),
    LogoFileUrl: z.string().nullable(),
    PropertyImageUrl: z.string().nullable(),
    HotelRating: z.number().int().nullable(),
    HasRating: z.boolean(),
    GoogleTagManagerContainerId: z.string().nullable(),
    FacebookPixelId: z.string().nullable(),
    Currency: z.string(),
    AvailableCurrencies: z.array(z.string()),
    PayByPaystack: z.boolean(),
    /** Who takes online payments: the card form (test), Stripe's Payment Element, or a PayStack redirect. */
    PaymentProvider: paymentProviderSchema,
    /** Stripe's publishable key when PaymentProvider is stripe; else null. */
    PaymentPublicKey: z.string().nullable(),
    /** The provider's browser script (Stripe.js) when PaymentProvider is stripe; else null. */
    PaymentScriptUrl: z.string().nullable(),
    PrivacyPolicyUrl: z.string().nullable(),
    TermsAndConditionsUrl: z.string().nullable(),
    CreditCards: z.array(cardTypeSchema),
    WebsiteUrl: z.string().nullable(),
    Email: z.string().nullable(),
    Telephone: z.string().nullable(),
    DefaultPhoneCountryCode: z.string(),
    ShowRoomTypeOccupancy: z.boolean(),
    EnableChildrenSearch: z.boolean(),
    EnableInfantSearch: z.boolean(),
    DefaultOccupancyAdult: z.number().int(),
    DefaultOccupancyChildren: z.number().int(),
    DefaultOccupancyInfant: z.number().int(),
    MaxNumberOfRoomsOnBooking: z.number().int().nullable(),
    AdultMaximumOccupancy: z.number().int().nullable(),
    ChildMaximumOccupancy: z.number().int().nullable(),
    AdultLabel: z.string(),
    ChildrenLabel: z.string(),
    InfantLabel: z.string(),
    AccommodationUnitNoun: z.string(),
    StandardVatRate: z.number(),
    IsStandardTaxExclusive: z.boolean(),
    Theme: z.record(z.string(), z.string()).nullable(),
  })
  .meta({ id: 'Property' });

export type PropertyResponse = z.infer<typeof propertyResponseSchema>;
