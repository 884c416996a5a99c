/**
 * Response shapes of the API calls more than one feature reads (from /api/openapi.json).
 * Request bodies are not here: they are the domain's zod wire schemas.
 */
import type { ModelState } from '@hotel/domain/model-state';

/** The 400 / 404 / 409 / 422 / 429 error body. */
export interface ApiErrorBody {
  Message?: string;
  Code?: string;
  ModelState?: ModelState;
  /** PRICE_CHANGED: the server's prices of each room. */
  Rooms?: NewRoomPrices[];
}

/** A room's prices as PRICE_CHANGED answers them (major units). */
export interface NewRoomPrices {
  ReservationItemId: string | number | null;
  TotalCost: number;
  OriginalTotalCost: number;
  ServicesCost: number;
  Services: { ServiceId: number; TotalCost: number }[];
}

export interface CreditCardType {
  Id: number;
  Name: string;
  Code: string;
}

/** GET /api/Property/{idOrCode}. */
export interface Property {
  PropertyId: number;
  PropertyCode: string;
  PropertyName: string;
  PropertyAddress: string;
  Address: string;
  TimeZone: string;
  LogoFileUrl: string | null;
  PropertyImageUrl: string | null;
  HotelRating: number | null;
  HasRating: boolean;
  GoogleTagManagerContainerId: string | null;
  FacebookPixelId: string | null;
  Currency: string;
  AvailableCurrencies: string[];
  PayByPaystack: boolean;
  PrivacyPolicyUrl: string | null;
  TermsAndConditionsUrl: string | null;
  CreditCards: CreditCardType[];
  WebsiteUrl: string | null;
  Email: string | null;
  Telephone: string | null;
  DefaultPhoneCountryCode: string;
  ShowRoomTypeOccupancy: boolean;
  EnableChildrenSearch: boolean;
  EnableInfantSearch: boolean;
  DefaultOccupancyAdult: number;
  DefaultOccupancyChildren: number;
  DefaultOccupancyInfant: number;
  MaxNumberOfRoomsOnBooking: number | null;
  AdultMaximumOccupancy: number | null;
  ChildMaximumOccupancy: number | null;
  AdultLabel: string;
  ChildrenLabel: string;
  InfantLabel: string;
  AccommodationUnitNoun: string;
  StandardVatRate: number;
  IsStandardTaxExclusive: boolean;
  Theme: Record<string, string> | null;
}

export interface Location {
  LocationId: number;
  Name: string;
  Address: string;
  PropertyCode: string;
}

/** GET /api/Book/Config/{idOrCode}. */
export interface BookConfig {
  PropertyId: number;
  HidePromoCodeOnLandingPage: boolean;
  Locations: Location[];
  NoAvailabilityMessage: string;
  MaxNumberOfRoomsOnBooking: number | null;
  ShowRoomConfigurationQuestion: boolean;
  Offers: string[];
  BookingIncentives: string[];
  GiftServiceProviderConfig: { Active: boolean; Name: string } | null;
  EnableUserChoiceOfPaymentMethod: boolean;
  EnablePayByCompanyInvoice: boolean;
  HasCustomTermsAndConditions: boolean;
  CustomTermsAndConditionsLabel: string | null;
  CustomTermsAndConditionsText: string | null;
  OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: boolean;
  RestaurantBookingServiceActive: boolean;
  RestaurantBookingDefaultRestaurant: string | null;
  RestaurantBookingServiceType: string | null;
  ShowMinimumLengthOfStayNotification: boolean;
  ShowRoomTypeOccupancy: boolean;
  SameDayBookingRestrictionEnabled: boolean;
  SameDayBookingRestrictionHour: number;
  SameDayBookingRestrictionMinute: number;
  SameDayBookingRestrictionMessage: string | null;
  AccommodationUnitNoun: string;
}

/** One night of GET /api/Availability. */
export interface CalendarEntry {
  DateOfStay: string;
  AvailableRooms: number;
  Rates: { RatePlanId: number; MinLengthOfStay: number; MinimumRate: number }[];
}

export interface WirePromotion {
  Code: string;
  Name: string;
  Message: string | null;
}

export interface OccupancyBounds {
  MaximumOccupancy: number | null;
  MinimumOccupancy: number | null;
  AdultMaximumOccupancy: number | null;
  ChildMaximumOccupancy: number | null;
}

/** A rate of a search answer: components summed over the stay and each searched room's cost, in major units. */
export interface WireRate extends OccupancyBounds {
  RatePlanId: number;
  RatePlanCode: string;
  Name: string;
  Description: string;
  Policy: string;
  CancellationDeadlineHours: number | null;
  Promotion: WirePromotion | null;
  UseOccupancyForRatePlan: boolean;
  BaseNumberOfAdults: number;
  BaseRate: number;
  CostPerRoom: number;
  CostPerAdult: number;
  CostPerChild: number;
  CostPerInfant: number;
  PerPersonCostPerAdult: number;
  PerPersonCostPerChild: number;
  PerPersonCostPerInfant: number;
  OriginalBaseRate: number;
  OriginalCostPerRoom: number;
  OriginalCostPerAdult: number;
  OriginalCostPerChild: number;
  OriginalCostPerInfant: number;
  OriginalPerPersonCostPerAdult: number;
  OriginalPerPersonCostPerChild: number;
  OriginalPerPersonCostPerInfant: number;
  /** What each searched room costs on this rate, in the search's order; null where its party does not fit. */
  RoomCosts: ({ TotalCost: number; OriginalTotalCost: number } | null)[];
  CanPayByCompanyInvoice: boolean;
  MinLengthOfStay: number;
}

export interface WireUpgrade extends OccupancyBounds {
  RoomTypeId: number;
  Name: string;
  AvailableRates: WireRate[];
}

export interface RoomConfigurationOption {
  RoomConfigurationDropdownOptionId: number;
  Name: string;
}

export interface WireRoomType extends OccupancyBounds {
  RoomTypeId: number;
  RoomTypeCode: string;
  Name: string;
  Description: string;
  ImageUrls: string[];
  Configurations: RoomConfigurationOption[];
  Upgrades: WireUpgrade[];
}

export interface SearchRoomType {
  RoomType: WireRoomType;
  Rates: WireRate[];
  LowestRate: number;
  OriginalLowestRate: number;
  DateFrom: string;
  DateTo: string;
}

/** POST /api/Availability/Search. */
export interface SearchResponse {
  RoomTypes: SearchRoomType[];
  PromoCodeMessage: string | null;
  IsPromoCodeValid: boolean | null;
  HopGiftVoucherCodeMessage: string | null;
  IsHopGiftVoucherCodeValid: boolean | null;
  NumberOfRoomsPerRoomTypeId: Record<string, number>;
}

/** GET /api/Account. */
export interface UserAccount {
  Firstname: string;
  Lastname: string;
  Telephone: string | null;
  EmailAddress: string;
  ReceiveBrandOffers: boolean;
  CanChoosePaymentMethod: boolean;
  CreditCards: SavedCard[];
}

export interface SavedCard {
  CreditCardId: number | string;
  CreditCardTypeId?: number | null;
  CardType?: string | null;
  Brand?: string | null;
  Last4?: string | null;
  LastFourDigits?: string | null;
  CardNumber?: string | null;
  ExpiryMonth?: number | null;
  ExpiryYear?: number | null;
  NameOnCard?: string | null;
}

/** Whether a booking is made: GET /api/Reservation/Status (and ReleasePendingPayment) answers it. */
export interface ReservationStatus {
  Success: boolean;
  Message: string;
  Status: 'PendingPayment' | 'Confirmed' | 'PaymentFailed' | 'Cancelled';
  ReservationNumber: string;
  ChallengeUrl: string | null;
}
