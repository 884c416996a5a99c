/**
 * The booking state (spec section 3): the search, the basket of reservation items with the
 * rooms they leave, the wizard position, the payment type and the gift voucher. It lives
 * outside React so every page of the flow shares it, and in sessionStorage so a reload keeps
 * the booking. Every rule it applies is the domain's: basket, wizard, lead guest validity.
 */
import { useSyncExternalStore } from 'react';
import { addToBasket, removeFromBasket, type RoomsLeft } from '@hotel/domain/basket';
import { advanceWizard, BookingStep, isLeadGuestStepValid, type WizardItem, type WizardMove } from '@hotel/domain/booking-wizard';
import { DEFAULT_PAYMENT_TYPE, type PaymentType } from '@hotel/domain/checkout';
import type { IsoDate } from '@hotel/domain/dates';
import type { Minor } from '@hotel/domain/money';
import type { Party } from '@hotel/domain/occupancy';
import type { ChargeType } from '@hotel/domain/services';
import { isContactValid, type ContactFieldsConfiguration } from '@hotel/domain/validation';

/** What a search asked for. */
export interface SearchCriteria {
  propertyId: number;
  propertyCode: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  rooms: Party[];
  promoCode: string;
  ratePlanCode: string;
  locationId: number | null;
}

export interface LeadGuest {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
}

/** An extra chosen for an item, with what it costs for the item's stay and party. */
export interface SelectedService {
  ServiceId: number;
  ServiceName: string;
  ChargeType: ChargeType;
  Quantity: number;
  cost: Minor;
}

/** A reservation item: one searched room filled with a room type on a rate plan. */
export interface BookingItem {
  ReservationItemId: string;
  /** The searched room it fills, 1 for the first. */
  roomNumber: number;
  RoomTypeId: number;
  RatePlanId: number;
  roomTypeName: string;
  ratePlanName: string;
  policy: string;
  promotion: { Code: string; Name: string; Message: string | null } | null;
  canPayByCompanyInvoice: boolean;
  DateFrom: IsoDate;
  DateTo: IsoDate;
  party: Party;
  roomCost: Minor;
  originalRoomCost: Minor;
  /** The room type offers configurations, so the question may be asked. */
  hasConfigurations: boolean;
  roomConfigurationId: number | null;
  roomConfigurationName: string | null;
  leadGuest: LeadGuest;
  services: SelectedService[];
  hasSelectableServices: boolean;
  upgradesSeen: boolean;
  servicesSeen: boolean;
  guestsReviewed: boolean;
}

export type GiftVoucherStatus = 'none' | 'entered' | 'validating' | 'applied';

export interface GiftVoucher {
  code: string;
  status: GiftVoucherStatus;
  discount: Minor;
  message: string | null;
  showContactUs: boolean;
}

export interface BookingState {
  version: 1;
  propertyCode: string | null;
  search: SearchCriteria | null;
  searching: boolean;
  searchPerformed: boolean;
  roomsLeft: RoomsLeft;
  items: BookingItem[];
  step: BookingStep;
  roomIndex: number;
  itemIndex: number;
  /** The room type whose rates are shown at the rate plan step. */
  selectedRoomTypeId: number | null;
  paymentType: PaymentType;
  giftVoucher: GiftVoucher;
}

/**
 * Lead guest fields required in the booking wizard. The booking configuration carries no guest
 * configuration, so the wizard asks what the reservation needs: a named lead guest.
 */
export const LEAD_GUEST_FIELDS: ContactFieldsConfiguration = { FirstNameRequired: true, LastNameRequired: true };

const STORAGE_KEY = 'hotel:booking';

export const NO_GIFT_VOUCHER: GiftVoucher = { code: '', status: 'none', discount: 0, message: null, showContactUs: false };

export function emptyBookingState(propertyCode: string | null = null): BookingState {
  return {
    version: 1,
    propertyCode,
    search: null,
    searching: false,
    searchPerformed: false,
    roomsLeft: {},
    items: [],
    step: BookingStep.None,
    roomIndex: 0,
    itemIndex: 0,
    selectedRoomTypeId: null,
    paymentType: DEFAULT_PAYMENT_TYPE,
    giftVoucher: NO_GIFT_VOUCHER,
  };
}

function loadState(): BookingState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as BookingState | null;
    if (saved?.version === 1) return { ...saved, searching: false };
  } catch {
    // A damaged entry starts a fresh booking.
  }
  return emptyBookingState();
}

let state: BookingState = typeof sessionStorage === 'undefined' ? emptyBookingState() : loadState();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getBookingState(): BookingState {
  return state;
}

/** Replaces the state (tests and resets) and tells every subscriber. */
export function setBookingState(next: BookingState | ((current: BookingState) => BookingState)): void {
  state = typeof next === 'function' ? next(state) : next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode without storage: the booking lives as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The booking state, re-rendering on every change. */
export function useBookingState(): BookingState {
  return useSyncExternalStore(subscribe, getBookingState, getBookingState);
}

/** Starts afresh when the guest arrives at another property's pages. */
export function resetForProperty(propertyCode: string): void {
  if (state.propertyCode !== propertyCode) setBookingState(emptyBookingState(propertyCode));
}

/** True when the lead guest step of an item is done. */
export function isItemLeadGuestValid(item: BookingItem, showRoomConfigurationQuestion: boolean): boolean {
  return isLeadGuestStepValid({
    leadGuestValid: isContactValid(item.leadGuest, LEAD_GUEST_FIELDS),
    roomConfigurationChosen: item.roomConfigurationId !== null,
    showRoomConfigurationQuestion: showRoomConfigurationQuestion && item.hasConfigurations,
  });
}

/** The wizard's view of the basket items. */
export function wizardItems(items: readonly BookingItem[], showRoomConfigurationQuestion: boolean): WizardItem[] {
  return items.map((item) => ({
    hasUnseenUpgrades: !item.upgradesSeen,
    leadGuestValid: isItemLeadGuestValid(item, showRoomConfigurationQuestion),
    hasSelectableServices: item.hasSelectableServices,
    servicesSeen: item.servicesSeen,
  }));
}

/** Which searched rooms have an item. */
function roomHasItem(current: BookingState): boolean[] {
  return (current.search?.rooms ?? []).map((_, index) => current.items.some((item) => item.roomNumber === index + 1));
}

function applyMove(current: BookingState, move: WizardMove): BookingState {
  return {
    ...current,
    step: move.step,
    roomIndex: move.roomIndex,
    itemIndex: move.itemIndex,
    selectedRoomTypeId: move.step === BookingStep.RatePlanSelection ? current.selectedRoomTypeId : null,
  };
}

export interface WizardContext {
  showRoomConfigurationQuestion: boolean;
  isMobile: boolean;
}

function moveFrom(current: BookingState, context: WizardContext): WizardMove {
  return advanceWizard({
    step: current.step,
    roomHasItem: roomHasItem(current),
    items: wizardItems(current.items, context.showRoomConfigurationQuestion),
    roomIndex: current.roomIndex,
    itemIndex: current.itemIndex,
    isMobile: context.isMobile,
  });
}

/**
 * A new search (spec section 4): remembers the criteria and the search-form rooms, and clears
 * the active room, the active item, the basket and the voucher.
 */
export function startSearch(criteria: SearchCriteria): void {
  setBookingState((current) => ({
    ...emptyBookingState(criteria.propertyCode),
    paymentType: current.paymentType,
    search: criteria,
    searching: true,
  }));
}

/** The search answered: rooms left per room type are tracked and the wizard starts at room type selection. */
export function completeSearch(roomsLeft: RoomsLeft, context: WizardContext): void {
  setBookingState((current) => {
    const ready: BookingState = {
      ...current,
      searching: false,
      searchPerformed: true,
      roomsLeft,
      step: BookingStep.RoomTypeSelection,
      roomIndex: 0,
      itemIndex: 0,
    };
    return applyMove(ready, moveFrom(ready, context));
  });
}

/** The guest picked a room type for the active room: its rate plans are shown next. */
export function chooseRoomType(roomTypeId: number): void {
  setBookingState((current) => ({ ...current, step: BookingStep.RatePlanSelection, selectedRoomTypeId: roomTypeId }));
}

/** Back from the rate plans to the room types of the active room. */
export function backToRoomTypes(): void {
  setBookingState((current) => ({ ...current, step: BookingStep.RoomTypeSelection, selectedRoomTypeId: null }));
}

/**
 * Adds an item (spec section 4, Basket): only while its room type has a room left, which it
 * then takes; then the wizard advances. Null when no room is left.
 */
export function addItem(item: BookingItem, context: WizardContext): WizardMove | null {
  const basket = addToBasket({ items: state.items, roomsLeft: state.roomsLeft }, item);
  if (basket === null) return null;
  const added: BookingState = {
    ...state,
    items: [...basket.items],
    roomsLeft: basket.roomsLeft,
    step: BookingStep.RatePlanSelection,
    roomIndex: item.roomNumber - 1,
  };
  const move = moveFrom(added, context);
  setBookingState(applyMove(added, move));
  return move;
}

/** Removes an item and gives its room back; the wizard returns to that room's room types. */
export function removeItem(reservationItemId: string): void {
  setBookingState((current) => {
    const item = current.items.find((candidate) => candidate.ReservationItemId === reservationItemId);
    if (item === undefined) return current;
    const basket = removeFromBasket({ items: current.items, roomsLeft: current.roomsLeft }, reservationItemId);
    return {
      ...current,
      items: [...basket.items],
      roomsLeft: basket.roomsLeft,
      step: BookingStep.RoomTypeSelection,
      roomIndex: item.roomNumber - 1,
      itemIndex: 0,
      selectedRoomTypeId: null,
      giftVoucher: NO_GIFT_VOUCHER,
    };
  });
}

/**
 * Swaps an item's room type for an upgrade: the old room is given back and the new one taken
 * through the same basket rule. False when the upgrade has no room left.
 */
export function replaceItem(reservationItemId: string, replacement: BookingItem): boolean {
  const removed = removeFromBasket({ items: state.items, roomsLeft: state.roomsLeft }, reservationItemId);
  const added = addToBasket(removed, replacement);
  if (added === null) return false;
  setBookingState({ ...state, items: [...added.items], roomsLeft: added.roomsLeft, giftVoucher: NO_GIFT_VOUCHER });
  return true;
}

/** Changes an item in place (lead guest, configuration, services, seen flags). */
export function updateItem(reservationItemId: string, patch: Partial<BookingItem>): void {
  setBookingState((current) => ({
    ...current,
    items: current.items.map((item) => (item.ReservationItemId === reservationItemId ? { ...item, ...patch } : item)),
  }));
}

/** The guest completed the current step: the wizard goes where the domain says. */
export function advance(context: WizardContext): WizardMove {
  const move = moveFrom(state, context);
  setBookingState(applyMove(state, move));
  return move;
}

/** Opens a step for an item (the basket's "change" links). */
export function goToStep(step: BookingStep, itemIndex: number): void {
  setBookingState((current) => ({ ...current, step, itemIndex }));
}

export function setPaymentType(paymentType: PaymentType): void {
  setBookingState((current) => ({ ...current, paymentType }));
}

export function setGiftVoucher(giftVoucher: GiftVoucher): void {
  setBookingState((current) => ({ ...current, giftVoucher }));
}

/** After a booking is made: the basket is emptied, the search kept for another room. */
export function finishBooking(): void {
  setBookingState((current) => ({ ...emptyBookingState(current.propertyCode), search: current.search }));
}
