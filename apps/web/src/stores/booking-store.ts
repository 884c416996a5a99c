/**
 * The booking state: the search, the basket of reservation items with the
 * rooms they leave, the wizard position, the payment type and the gift voucher, and what the
 * booking of the basket has come to (its Idempotency-Key, an answer that never came, a payment
 * waiting for the bank). It lives outside React so every page of the flow shares it, and in
 * sessionStorage so a reload keeps the booking. Every rule it applies is the domain's: basket,
 * wizard, lead guest validity.
 */
import { useSyncExternalStore } from 'react';
import { addToBasket, fitBasketToAvailability, removeFromBasket, type RoomsLeft } from '@hotel/domain/basket';
import { advanceWizard, BookingStep, isLeadGuestStepValid, type WizardItem, type WizardMove } from '@hotel/domain/booking-wizard';
import { DEFAULT_PAYMENT_TYPE, type PaymentType } from '@hotel/domain/checkout';
import type { IsoDate } from '@hotel/domain/dates';
import type { Minor } from '@hotel/domain/money';
import type { Party } from '@hotel/domain/occupancy';
import type { ChargeType } from '@hotel/domain/services';
import { toMinor } from '@hotel/domain/money';
import { isContactValid, type ContactFieldsConfiguration } from '@hotel/domain/validation';
import { newId } from '../lib/ids';
import type { NewRoomPrices } from '@hotel/domain/wire/error-response';

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
  /** Units of the extra's inventory it takes on each night: one per adult and child when charged per person. */
  units: number;
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

/** A booking made and waiting for the guest's bank (3-D Secure): what Create answered. */
export interface PendingPayment {
  ConfirmationToken: string;
  ReservationNumber: string;
  ChallengeUrl: string;
}

/** Rooms taken out of the basket because they were sold meanwhile, and why. */
export interface SoldOutNotice {
  message: string;
  removed: { roomNumber: number; roomTypeName: string }[];
}

/** Where the wizard stands: what a step's history entry remembers. */
export type WizardPosition = Pick<BookingState, 'step' | 'roomIndex' | 'itemIndex' | 'selectedRoomTypeId'>;

export interface BookingState {
  version: 2;
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
  /** This basket (new with each search); a second tab opened on it shares it, and its key. */
  basketId: string;
  /**
   * The Idempotency-Key of the basket's booking, kept across edits and reloads until a Create
   * is answered with a booking: a retry, in this tab or another, can then never book twice.
   */
  attemptKey: string;
  /** A Create was sent and no answer came: whether it booked must be found out before trying again. */
  attemptUnconfirmed: boolean;
  /** Counts the searches: the availability key carries it, so a search again is never answered from a cache. */
  searchNumber: number;
  soldOut: SoldOutNotice | null;
  pendingPayment: PendingPayment | null;
  /** Why the bank refused the last payment (3-D Secure), shown at checkout until the next attempt. */
  paymentFailure: string | null;
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
    version: 2,
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
    basketId: newId(),
    attemptKey: newId(),
    attemptUnconfirmed: false,
    searchNumber: 0,
    soldOut: null,
    pendingPayment: null,
    paymentFailure: null,
  };
}

function loadState(): BookingState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as BookingState | null;
    if (saved?.version === 2) return { ...saved, searching: false };
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
 * A new search: remembers the criteria and the search-form rooms, and clears
 * the active room, the active item, the basket and the voucher.
 */
export function startSearch(criteria: SearchCriteria): void {
  setBookingState((current) => ({
    ...emptyBookingState(criteria.propertyCode),
    paymentType: current.paymentType,
    search: criteria,
    searching: true,
    searchNumber: current.searchNumber + 1,
  }));
}

/** Asks for fresh availability for the same search (after a room was sold under the guest), saying why. */
export function searchAgain(reason: string): void {
  setBookingState((current) => ({ ...current, searchNumber: current.searchNumber + 1, soldOut: { message: reason, removed: [] } }));
}

/**
 * A search answered with the rooms free per room type. The first answer of a search starts the
 * wizard at room type selection; a later one (a reload, a search again after a
 * room was sold) fits the basket to it: what no longer has a room is taken out, the guest told,
 * and the wizard goes back to the first room without one.
 */
export function availabilityAnswered(free: RoomsLeft, context: WizardContext): void {
  setBookingState((current) => {
    if (!current.searchPerformed) {
      const ready: BookingState = {
        ...current,
        searching: false,
        searchPerformed: true,
        roomsLeft: free,
        step: BookingStep.RoomTypeSelection,
        roomIndex: 0,
        itemIndex: 0,
      };
      return applyMove(ready, moveFrom(ready, context));
    }
    const fitted = fitBasketToAvailability(current.items, free);
    const kept = { ...current, items: fitted.items, roomsLeft: fitted.roomsLeft };
    if (fitted.removed.length === 0) return kept;
    const firstEmpty = Math.min(...fitted.removed.map((item) => item.roomNumber)) - 1;
    return {
      ...kept,
      step: BookingStep.RoomTypeSelection,
      roomIndex: firstEmpty,
      itemIndex: 0,
      selectedRoomTypeId: null,
      giftVoucher: NO_GIFT_VOUCHER,
      soldOut: {
        message: current.soldOut?.message ?? '',
        removed: fitted.removed.map((item) => ({ roomNumber: item.roomNumber, roomTypeName: item.roomTypeName })),
      },
    };
  });
}

/** The guest has read why rooms were taken out. */
export function dismissSoldOut(): void {
  setBookingState((current) => ({ ...current, soldOut: null }));
}

/** Back or Forward to a step's history entry: the wizard stands where it stood then. */
export function restorePosition(position: WizardPosition): void {
  setBookingState((current) => ({ ...current, ...position }));
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
 * Adds an item to the basket: only while its room type has a room left, which it
 * then takes; then the wizard advances. Null when no room is left.
 */
export function addItem(item: BookingItem, context: WizardContext): WizardMove | null {
  // Back to a room that has its item already and a new choice there: the new one replaces it.
  const replaced = state.items.find((existing) => existing.roomNumber === item.roomNumber);
  const without = { items: state.items, roomsLeft: state.roomsLeft };
  const basket = addToBasket(replaced ? removeFromBasket(without, replaced.ReservationItemId) : without, item);
  if (basket === null) return null;
  const added: BookingState = {
    ...state,
    items: [...basket.items],
    roomsLeft: basket.roomsLeft,
    step: BookingStep.RatePlanSelection,
    roomIndex: item.roomNumber - 1,
    soldOut: null,
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

/**
 * New prices the server answered (PRICE_CHANGED), in major units of the property's `currency`:
 * each room's price, undiscounted price and extras, by ReservationItemId, so the summary shows them and the next Create sends them.
 */
export function applyNewPrices(rooms: readonly NewRoomPrices[], currency: string): void {
  setBookingState((current) => ({
    ...current,
    items: current.items.map((item) => {
      const priced = rooms.find((room) => String(room.ReservationItemId) === item.ReservationItemId);
      if (priced === undefined) return item;
      return {
        ...item,
        roomCost: toMinor(priced.TotalCost, currency),
        originalRoomCost: toMinor(priced.OriginalTotalCost, currency),
        services: item.services.map((service) => {
          const cost = priced.Services.find((candidate) => candidate.ServiceId === service.ServiceId)?.TotalCost;
          return cost === undefined ? service : { ...service, cost: toMinor(cost, currency) };
        }),
      };
    }),
  }));
}

/** A Create is on its way: until its answer comes, nobody knows whether it booked. */
export function createSent(): void {
  setBookingState((current) => ({ ...current, attemptUnconfirmed: true, paymentFailure: null }));
}

/** The Create was answered with a refusal, or found not to have booked: the same key may be sent again. */
export function createNotMade(): void {
  setBookingState((current) => ({ ...current, attemptUnconfirmed: false }));
}

/**
 * The booking was made and waits for the guest's bank: the basket and what was typed stay
 * (the bank may refuse), and a next attempt needs a new key, this one being spent.
 */
export function awaitPayment(pendingPayment: PendingPayment): void {
  setBookingState((current) => ({ ...current, pendingPayment, attemptUnconfirmed: false, attemptKey: newId() }));
}

/** The bank refused, or the guest went back to pay another way: the basket is bookable again. */
export function paymentNotMade(failure: string | null): void {
  setBookingState((current) => ({ ...current, pendingPayment: null, paymentFailure: failure }));
}

/** After a booking is made: the basket is emptied, the search kept for another room. */
export function finishBooking(): void {
  setBookingState((current) => ({
    ...emptyBookingState(current.propertyCode),
    search: current.search,
    searchNumber: current.searchNumber,
  }));
}
