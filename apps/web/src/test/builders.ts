/** Small builders of API answers for component tests (never the demo data). */
import type { SearchCriteria } from '../stores/booking-store';
import type { AccountAnswer as UserAccount, SavedCard } from '@hotel/domain/wire/account-response';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { ManageBookingConfigurationResponse } from '@hotel/domain/wire/manage-booking-config-response';
import type { ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type { PreCheckInConfigurationResponse, PreCheckInReservation } from '@hotel/domain/wire/pre-check-in';
import type {
  PropertyGroupProperty,
  PropertyGroupResponse,
  PropertyGroupSearchResponse,
  PropertyGroupSearchResult,
} from '@hotel/domain/wire/property-group';
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
    PaymentProvider: 'test',
    PaymentPublicKey: null,
    PaymentScriptUrl: null,
    PropertyGroupId: null,
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

/** A logged-in user, as GET /api/Account answers: no saved cards unless given. */
export function aUser(overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    Telephone: '+441234567890',
    EmailAddress: 'ada@example.com',
    ReceiveBrandOffers: false,
    CanChoosePaymentMethod: false,
    EmailConfirmed: true,
    CreditCards: [],
    Reservations: [],
    ...overrides,
  };
}

/** A saved card of the user's, kept by the test gateway unless said. */
export function aSavedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    CreditCardId: 3,
    CreditCardTypeId: 1,
    Brand: 'Visa',
    Last4: '4242',
    ExpiryMonth: 12,
    ExpiryYear: 2029,
    NameOnCard: null,
    PaymentProvider: 'test',
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

/** A managed booking: one room, Thu 4th to Sat 6th Mar 2027, £240 (2 nights: 100 + 140), cancellable and editable. */
export function aManagedReservation(overrides: Partial<ManagedReservation> = {}): ManagedReservation {
  return {
    PropertyId: 7,
    ReservationId: 41,
    ReservationNumber: 'TEST-1001',
    DateFrom: '2027-03-04',
    DateTo: '2027-03-06',
    SpecialRequests: null,
    CanBeEdited: true,
    CanBeCancelled: true,
    IsCancelled: false,
    CreditCards: [{ Brand: 'Visa', Last4: '4242', ExpiryMonth: 8, ExpiryYear: 2031 }],
    Booker: {
      IndividualId: '0b7e6f6e-4b0c-4d52-9f0e-3e4b5a6c7d81',
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+441234567890',
      Street: '1 Analytical Row',
      City: 'London',
      StateOrCounty: null,
      ZipCode: 'N1 1AA',
      CountryId: 1,
      OptInToReceiveUpdates: false,
    },
    Company: null,
    Rooms: [aManagedRoom()],
    TotalAccommodationPrice: 240,
    TotalServicesPrice: 0,
    Currency: 'GBP',
    LocationName: 'Test Hotel',
    ...overrides,
  };
}

export function aManagedRoom(overrides: Partial<ManagedReservation['Rooms'][number]> = {}): ManagedReservation['Rooms'][number] {
  return {
    ReservationItemId: 501,
    RoomTypeId: 1,
    RoomTypeName: 'Double',
    RatePlanId: 10,
    RatePlanName: 'Flexible',
    Policy: 'Free cancellation until 48 hours before arrival.',
    RoomConfiguration: null,
    RoomConfigurationDropdownOptionId: null,
    DateFrom: '2027-03-04',
    DateTo: '2027-03-06',
    NumberOfAdults: 2,
    NumberOfChildren: 0,
    NumberOfInfants: 0,
    Guests: [
      {
        IndividualId: '0b7e6f6e-4b0c-4d52-9f0e-3e4b5a6c7d81',
        IsLeadGuest: true,
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Email: 'ada@example.com',
        Phone: '+441234567890',
      },
    ],
    Services: [],
    TotalCost: 240,
    OriginalTotalCost: 240,
    CanBeCancelled: true,
    CanBeEdited: true,
    CancellationDeadlineHours: 48,
    ...overrides,
  };
}

export function aManageConfig(overrides: Partial<ManageBookingConfigurationResponse> = {}): ManageBookingConfigurationResponse {
  const nothingRequired = {
    FirstNameRequired: false,
    LastNameRequired: false,
    EmailRequired: false,
    PhoneRequired: false,
    CountryRequired: false,
    StreetRequired: false,
    CityRequired: false,
    StateOrCountyRequired: false,
    PostCodeRequired: false,
  };
  return {
    PropertyId: 7,
    ShowRoomConfigurationQuestion: false,
    RequireCancellationReason: true,
    GiftServiceProviderConfig: { Active: false, Name: 'Test Gifts' },
    BookerConfiguration: { ...nothingRequired, FirstNameRequired: true, LastNameRequired: true },
    GuestConfiguration: { ...nothingRequired, FirstNameRequired: true, LastNameRequired: true },
    ...overrides,
  };
}

export function aPreCheckInConfig(overrides: Partial<PreCheckInConfigurationResponse> = {}): PreCheckInConfigurationResponse {
  // The room configuration question asked, names required of the booker and each guest.
  const { BookerConfiguration, GuestConfiguration } = aManageConfig();
  return { PropertyId: 7, ShowRoomConfigurationQuestion: true, BookerConfiguration, GuestConfiguration, ...overrides };
}

/** A booking of one room for two, Thu 4th to Sat 6th Mar 2027, the booker staying as the first guest. */
export function aPreCheckInReservation(overrides: Partial<PreCheckInReservation> = {}): PreCheckInReservation {
  const bookerId = '0b6f1c2e-8a4d-4c36-9a1e-5d2f7b3c4e01';
  return {
    PropertyId: 7,
    ReferenceNumber: 'TEST-1001',
    IsReservation: true,
    EntityId: 41,
    SpecialRequests: null,
    NumberOfAdults: 2,
    NumberOfChildren: 0,
    NumberOfInfants: 0,
    CreditCards: [{ Brand: 'Visa', Last4: '1111', ExpiryMonth: 12, ExpiryYear: 2030 }],
    // The manage builder's booker (Ada Lovelace, +441234567890, ada@example.com).
    Booker: { ...aManagedReservation().Booker, IndividualId: bookerId },
    Company: null,
    Currency: 'GBP',
    PreCheckInCompletedAt: null,
    // The room's 240 and breakfast's 50: 290 paid by card, VAT 20 % included.
    Totals: {
      AccommodationTotal: 240,
      ServicesTotal: 50,
      VoucherDiscount: 0,
      VatRate: 20,
      IsTaxExclusive: false,
      TotalToPay: 290,
      PaidByCard: true,
    },
    ReservationItems: [
      {
        ReservationItemId: 501,
        DateOfArrival: '2027-03-04',
        DateOfDeparture: '2027-03-06',
        RoomTypeId: 1,
        RoomType: 'Double Room',
        RatePlanId: 10,
        RatePlan: 'Flexible',
        Policy: 'Free cancellation until 48 hours before arrival.',
        RoomConfiguration: null,
        RoomConfigurationDropdownOptionId: null,
        RoomConfigurationOptions: [
          { Id: 3, Name: 'Double bed' },
          { Id: 4, Name: 'Twin beds' },
        ],
        NumberOfAdults: 2,
        NumberOfChildren: 0,
        NumberOfInfants: 0,
        MaximumOccupancy: 2,
        Guests: [
          { IndividualId: bookerId, FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Phone: '+441234567890' },
          { IndividualId: '0b6f1c2e-8a4d-4c36-9a1e-5d2f7b3c4e02', FirstName: '', LastName: '', Email: null, Phone: null },
        ],
        // Breakfast for two, 2 mornings at 12.50 each: 2 × 2 × 12.50 = 50
        Services: [{ ServiceId: 9, ServiceName: 'Breakfast', ChargeType: 'PerPersonPerNight', Quantity: 2, TotalCost: 50 }],
        // 2 nights: Thu 100 + Fri 140 = 240, VAT 20% included: 240 / 6 = 40
        OriginalAccommodationPrice: 240,
        OriginalAccommodationVat: 40,
        // 50 with 20% VAT included: 50 / 6 = 8.33
        OriginalServicesPrice: 50,
        OriginalServicesVat: 8.33,
      },
    ],
    ...overrides,
  };
}

export function aGroupProperty(overrides: Partial<PropertyGroupProperty> = {}): PropertyGroupProperty {
  return {
    PropertyId: 7,
    PropertyCode: 'TEST',
    PropertyName: 'Test Hotel',
    Address: '1 Test Street, Testville',
    ImageUrl: '/test/test-hotel.svg',
    HotelRating: 4,
    Currency: 'GBP',
    TimeZone: 'Europe/London',
    ...overrides,
  };
}

export function aPropertyGroup(overrides: Partial<PropertyGroupResponse> = {}): PropertyGroupResponse {
  return {
    PropertyGroupId: 3,
    PropertyGroupCode: 'TESTGROUP',
    Name: 'Test Hotels Collection',
    Properties: [
      aGroupProperty(),
      aGroupProperty({
        PropertyId: 8,
        PropertyCode: 'TEST2',
        PropertyName: 'Canal House',
        Address: '2 Canal Street, Testdam',
        ImageUrl: null,
        HotelRating: 3,
        Currency: 'EUR',
        TimeZone: 'Europe/Amsterdam',
      }),
    ],
    ...overrides,
  };
}

/** A property of a group search answer that can sell the stay: 2 nights at £100.00, in its own currency. */
export function aGroupSearchResult(overrides: Partial<PropertyGroupSearchResult> = {}): PropertyGroupSearchResult {
  return {
    PropertyId: 7,
    PropertyCode: 'TEST',
    PropertyName: 'Test Hotel',
    CanSell: true,
    LowestPrice: { Total: 200, PerNight: 100, Currency: 'GBP', Converted: null },
    AvailableRoomTypes: 2,
    RoomsLeft: 5,
    Blocked: null,
    AlternativeDates: [],
    ...overrides,
  };
}

export function aGroupSearchResponse(
  properties: PropertyGroupSearchResult[],
  overrides: Partial<PropertyGroupSearchResponse> = {},
): PropertyGroupSearchResponse {
  return {
    PropertyGroupId: 3,
    DateFrom: '2030-05-05',
    DateTo: '2030-05-07',
    Nights: 2,
    PromoCodeMessage: null,
    IsPromoCodeValid: null,
    Properties: properties,
    ...overrides,
  };
}
