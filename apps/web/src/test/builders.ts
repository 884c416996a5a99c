/** Small builders of API answers for component tests (never the demo data). */
import type { SearchCriteria } from '../stores/booking-store';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { SearchResponse, SearchRoomType, Rate as WireRate, RoomType as WireRoomType } from '@hotel/domain/wire/search-response';

export function aProperty(overrides: Partial<Property> = {}): Property {
  return {
    PropertyId: 7,
    PropertyCode: 'TEST',
    PropertyName: 'Test Hotel',
    PropertyAddress: '1 Test Street, Testville',
    Address: '1 Test Street, Testville',
    TimeZone: 'Europe/London',
    LogoFileUrl: null,
    PropertyImageUrl: null,
    HotelRating: null,
    HasRating: false,
    GoogleTagManagerContainerId: null,
    FacebookPixelId: null,
    Currency: 'GBP',
    AvailableCurrencies: ['GBP'],
    PayByPaystack: false,
    PrivacyPolicyUrl: 'https://test.example/privacy',
    TermsAndConditionsUrl: 'https://test.example/terms',
    CreditCards: [
      { Id: 1, Name: 'Visa', Code: 'visa' },
      { Id: 2, Name: 'Mastercard', Code: 'mastercard' },
    ],
    WebsiteUrl: 'https://test.example',
    Email: 'stay@test.example',
    Telephone: '+441000000000',
    DefaultPhoneCountryCode: 'GB',
    ShowRoomTypeOccupancy: true,
    EnableChildrenSearch: true,
    EnableInfantSearch: false,
    DefaultOccupancyAdult: 2,
    DefaultOccupancyChildren: 0,
    DefaultOccupancyInfant: 0,
    MaxNumberOfRoomsOnBooking: 2,
    AdultMaximumOccupancy: 3,
    ChildMaximumOccupancy: 2,
    AdultLabel: 'Adults',
    ChildrenLabel: 'Children',
    InfantLabel: 'Infants',
    AccommodationUnitNoun: 'room',
    StandardVatRate: 20,
    IsStandardTaxExclusive: false,
    Theme: null,
    ...overrides,
  };
}

export function aBookConfig(overrides: Partial<BookConfig> = {}): BookConfig {
  return {
    PropertyId: 7,
    HidePromoCodeOnLandingPage: false,
    Locations: [],
    NoAvailabilityMessage: 'This hotel is unavailable on your selected dates.',
    MaxNumberOfRoomsOnBooking: 2,
    ShowRoomConfigurationQuestion: true,
    Offers: [],
    BookingIncentives: [],
    GiftServiceProviderConfig: { Active: true, Name: 'Test Gifts' },
    EnableUserChoiceOfPaymentMethod: false,
    EnablePayByCompanyInvoice: true,
    HasCustomTermsAndConditions: true,
    CustomTermsAndConditionsLabel: 'I accept the company terms',
    CustomTermsAndConditionsText: 'Invoices are due in 30 days.',
    OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true,
    RestaurantBookingServiceActive: true,
    RestaurantBookingDefaultRestaurant: 'The Grill',
    RestaurantBookingServiceType: 'Internal',
    ShowMinimumLengthOfStayNotification: true,
    ShowRoomTypeOccupancy: true,
    SameDayBookingRestrictionEnabled: false,
    SameDayBookingRestrictionHour: 18,
    SameDayBookingRestrictionMinute: 0,
    SameDayBookingRestrictionMessage: 'No more bookings for tonight.',
    AccommodationUnitNoun: 'room',
    ...overrides,
  };
}

export function aRate(overrides: Partial<WireRate> = {}): WireRate {
  return {
    RatePlanId: 1,
    RatePlanCode: 'FLEX',
    Name: 'Flexible',
    Description: 'Change your mind',
    Policy: 'Free cancellation',
    CancellationDeadlineHours: 48,
    Promotion: null,
    UseOccupancyForRatePlan: false,
    MaximumOccupancy: null,
    MinimumOccupancy: null,
    AdultMaximumOccupancy: null,
    ChildMaximumOccupancy: null,
    BaseNumberOfAdults: 2,
    BaseRate: 200,
    CostPerRoom: 0,
    CostPerAdult: 0,
    CostPerChild: 0,
    CostPerInfant: 0,
    PerPersonCostPerAdult: 0,
    PerPersonCostPerChild: 0,
    PerPersonCostPerInfant: 0,
    OriginalBaseRate: 200,
    OriginalCostPerRoom: 0,
    OriginalCostPerAdult: 0,
    OriginalCostPerChild: 0,
    OriginalCostPerInfant: 0,
    OriginalPerPersonCostPerAdult: 0,
    OriginalPerPersonCostPerChild: 0,
    OriginalPerPersonCostPerInfant: 0,
    RoomCosts: [{ TotalCost: 200, OriginalTotalCost: 200 }],
    CanPayByCompanyInvoice: true,
    MinLengthOfStay: 1,
    ...overrides,
  };
}

export function aRoomType(overrides: Partial<WireRoomType> = {}): WireRoomType {
  return {
    RoomTypeId: 10,
    RoomTypeCode: 'DBL',
    Name: 'Double',
    Description: 'A double room',
    ImageUrls: [],
    MaximumOccupancy: 3,
    MinimumOccupancy: 1,
    AdultMaximumOccupancy: 2,
    ChildMaximumOccupancy: 1,
    Configurations: [{ RoomConfigurationDropdownOptionId: 5, Name: 'King bed' }],
    Upgrades: [],
    ...overrides,
  };
}

export function aSearchRoomType(roomType: Partial<WireRoomType> = {}, rates: WireRate[] = [aRate()]): SearchRoomType {
  return {
    RoomType: aRoomType(roomType),
    Rates: rates,
    LowestRate: 0,
    OriginalLowestRate: 0,
    DateFrom: '2030-05-01',
    DateTo: '2030-05-03',
  };
}

export function aSearchResponse(roomTypes: SearchRoomType[], overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    RoomTypes: roomTypes,
    PromoCodeMessage: null,
    IsPromoCodeValid: null,
    HopGiftVoucherCodeMessage: null,
    IsHopGiftVoucherCodeValid: null,
    NumberOfRoomsPerRoomTypeId: Object.fromEntries(roomTypes.map((entry) => [String(entry.RoomType.RoomTypeId), 5])),
    ...overrides,
  };
}

/** A search of property 7 (TEST) for one room of two adults, 1 to 3 May 2030. */
export function aSearchCriteria(overrides: Partial<SearchCriteria> = {}): SearchCriteria {
  return {
    propertyId: 7,
    propertyCode: 'TEST',
    dateFrom: '2030-05-01',
    dateTo: '2030-05-03',
    rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
    promoCode: '',
    ratePlanCode: '',
    locationId: null,
    ...overrides,
  };
}
