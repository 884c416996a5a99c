import type { PropertyResponse } from '@hotel/domain/wire/property-response';
import type { AcceptedCardType, PropertyRow } from './property-queries';

/** The wire form of a property, built field by field. */
export function toPropertyResponse(row: PropertyRow, cards: AcceptedCardType[]): PropertyResponse {
  const booking = row.bookingConfiguration as typeof row.bookingConfiguration & { AccommodationUnitNoun?: string };
  return {
    PropertyId: row.id,
    PropertyCode: row.code,
    PropertyName: row.name,
    PropertyAddress: row.address ?? '',
    Address: row.address ?? '',
    TimeZone: row.timeZone,
    LogoFileUrl: row.logoFileUrl,
    PropertyImageUrl: row.propertyImageUrl,
    HotelRating: row.hotelRating,
    HasRating: row.hotelRating != null && row.hotelRating > 0,
    GoogleTagManagerContainerId: row.googleTagManagerContainerId,
    FacebookPixelId: row.facebookPixelId,
    Currency: row.currency,
    AvailableCurrencies: row.availableCurrencies.length > 0 ? row.availableCurrencies : [row.currency],
    PayByPaystack: row.payByPaystack,
    PrivacyPolicyUrl: row.privacyPolicyUrl,
    TermsAndConditionsUrl: row.termsAndConditionsUrl,
    CreditCards: cards.map((card) => ({ Id: card.id, Name: card.name, Code: card.code })),
    WebsiteUrl: row.websiteUrl,
    Email: row.email,
    Telephone: row.telephone,
    DefaultPhoneCountryCode: row.defaultPhoneCountryCode,
    ShowRoomTypeOccupancy: row.showRoomTypeOccupancy,
    EnableChildrenSearch: row.enableChildrenSearch,
    EnableInfantSearch: row.enableInfantSearch,
    DefaultOccupancyAdult: row.defaultOccupancyAdult,
    DefaultOccupancyChildren: row.defaultOccupancyChildren,
    DefaultOccupancyInfant: row.defaultOccupancyInfant,
    MaxNumberOfRoomsOnBooking: booking.MaxNumberOfRoomsOnBooking,
    AdultMaximumOccupancy: row.adultMaximumOccupancy,
    ChildMaximumOccupancy: row.childMaximumOccupancy,
    AdultLabel: row.adultLabel,
    ChildrenLabel: row.childrenLabel,
    InfantLabel: row.infantLabel,
    AccommodationUnitNoun: booking.AccommodationUnitNoun ?? 'room',
    StandardVatRate: row.standardVatRate,
    IsStandardTaxExclusive: row.isStandardTaxExclusive,
    Theme: row.theme,
  };
}
