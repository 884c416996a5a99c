import { describe, expect, it } from 'vitest';
import { addToBasket, fitBasketToAvailability, removeFromBasket, type Basket, type BasketItem } from '../src/basket';
import {
  advanceWizard,
  BookingFlowStage,
  BookingStep,
  combineSteps,
  hasStep,
  isBasketReadyForCheckout,
  isLeadGuestStepValid,
  type WizardItem,
  type WizardState,
} from '../src/booking-wizard';

const item = (change: Partial<WizardItem> = {}): WizardItem => ({
  hasUnseenUpgrades: false,
  leadGuestValid: false,
  hasSelectableServices: true,
  servicesSeen: false,
  ...change,
});

const state = (change: Partial<WizardState>): WizardState => ({
  step: BookingStep.RoomTypeSelection,
  roomHasItem: [true, true],
  items: [item(), item()],
  roomIndex: 0,
  itemIndex: 0,
  isMobile: false,
  ...change,
});

describe('booking steps are bit flags None=1 ... PaymentDetails=1024', () => {
  it('numbers the steps as the wire does', () => {
    expect(Object.values(BookingStep)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    expect(Object.keys(BookingFlowStage)).toEqual(['None', 'Search', 'RoomsAndRates', 'Checkout']);
  });

  it('combines and tests masks', () => {
    const checkout = combineSteps(BookingStep.PersonalInformation, BookingStep.AddressDetails, BookingStep.PaymentDetails);
    expect(checkout).toBe(128 + 512 + 1024);
    expect(hasStep(checkout, BookingStep.AddressDetails)).toBe(true);
    expect(hasStep(checkout, BookingStep.Account)).toBe(false);
  });
});

describe('wizard advance', () => {
  it('after a search, starts at room type selection for the first room', () => {
    const move = advanceWizard(state({ step: BookingStep.None, roomHasItem: [false, false], items: [] }));
    expect(move).toMatchObject({ step: BookingStep.RoomTypeSelection, roomIndex: 0 });
  });

  it('after room type or rate plan selection goes to the next room without an item', () => {
    for (const step of [BookingStep.RoomTypeSelection, BookingStep.RatePlanSelection]) {
      const move = advanceWizard(state({ step, roomHasItem: [true, false, false], items: [item()] }));
      expect(move).toMatchObject({ step: BookingStep.RoomTypeSelection, roomIndex: 1 });
    }
    const wrapped = advanceWizard(state({ roomHasItem: [false, true, true], roomIndex: 1, items: [item(), item()] }));
    expect(wrapped).toMatchObject({ step: BookingStep.RoomTypeSelection, roomIndex: 0 });
  });

  it('when every room has an item, moves to upgrade selection at the first item with unseen upgrades', () => {
    const move = advanceWizard(state({ step: BookingStep.RatePlanSelection, items: [item(), item({ hasUnseenUpgrades: true })] }));
    expect(move).toMatchObject({ step: BookingStep.UpgradeSelection, itemIndex: 1 });
  });

  it('upgrade selection stays on the current item while it has unseen upgrades, else the next that has', () => {
    const both = [item({ hasUnseenUpgrades: true }), item({ hasUnseenUpgrades: true })];
    expect(advanceWizard(state({ step: BookingStep.UpgradeSelection, items: both, itemIndex: 1 }))).toMatchObject({
      step: BookingStep.UpgradeSelection,
      itemIndex: 1,
    });
    const firstOnly = [item({ hasUnseenUpgrades: true }), item()];
    expect(advanceWizard(state({ step: BookingStep.UpgradeSelection, items: firstOnly, itemIndex: 1 }))).toMatchObject({
      step: BookingStep.UpgradeSelection,
      itemIndex: 0,
    });
  });

  it('with no upgrades left goes to occupancy at the first item whose lead guest is invalid', () => {
    const move = advanceWizard(state({ step: BookingStep.UpgradeSelection, items: [item({ leadGuestValid: true }), item()] }));
    expect(move).toMatchObject({ step: BookingStep.Occupancy, itemIndex: 1 });
  });

  it('occupancy goes to the next item whose lead guest is invalid, none left goes to extras', () => {
    const items = [item({ leadGuestValid: true }), item({ leadGuestValid: true }), item()];
    expect(advanceWizard(state({ step: BookingStep.Occupancy, items, itemIndex: 0 }))).toMatchObject({
      step: BookingStep.Occupancy,
      itemIndex: 2,
    });
    const valid = [item({ leadGuestValid: true }), item({ leadGuestValid: true, hasSelectableServices: false })];
    expect(advanceWizard(state({ step: BookingStep.Occupancy, items: valid }))).toMatchObject({
      step: BookingStep.Extras,
      itemIndex: 0,
    });
  });

  it('extras goes to the next item with selectable services not yet seen, none left goes to the summary', () => {
    const items = [
      item({ leadGuestValid: true, servicesSeen: true }),
      item({ leadGuestValid: true, hasSelectableServices: false }),
      item({ leadGuestValid: true }),
    ];
    expect(advanceWizard(state({ step: BookingStep.Extras, items }))).toMatchObject({ step: BookingStep.Extras, itemIndex: 2 });
    const done = items.map((entry) => ({ ...entry, servicesSeen: true }));
    expect(advanceWizard(state({ step: BookingStep.Extras, items: done, itemIndex: 2 }))).toEqual({
      step: BookingStep.BookingSummary,
      roomIndex: 0,
      itemIndex: 2,
      navigateToCheckout: true,
      scrollToTop: false,
    });
  });

  it('summary: desktop navigates to Checkout, mobile only scrolls', () => {
    expect(advanceWizard(state({ step: BookingStep.BookingSummary }))).toMatchObject({
      step: BookingStep.BookingSummary,
      navigateToCheckout: true,
      scrollToTop: false,
    });
    expect(advanceWizard(state({ step: BookingStep.BookingSummary, isMobile: true }))).toMatchObject({
      step: BookingStep.BookingSummary,
      navigateToCheckout: false,
      scrollToTop: true,
    });
  });

  it('on mobile scrolls to the top on each step', () => {
    expect(advanceWizard(state({ step: BookingStep.Occupancy, isMobile: true })).scrollToTop).toBe(true);
    // only the summary leaves the Rooms-And-Rates page on desktop
    expect(advanceWizard(state({ step: BookingStep.Occupancy }))).toMatchObject({ navigateToCheckout: false, scrollToTop: false });
  });

  it('leaves checkout sections where they are', () => {
    expect(advanceWizard(state({ step: BookingStep.PaymentDetails })).step).toBe(BookingStep.PaymentDetails);
  });
});

describe('lead guest step and checkout readiness', () => {
  it.each([
    [true, false, false, true],
    [true, false, true, false],
    [true, true, true, true],
    [false, true, true, false],
  ])(
    'lead guest valid %s, configuration chosen %s, question shown %s -> %s',
    (leadGuestValid, roomConfigurationChosen, showRoomConfigurationQuestion, valid) => {
      expect(isLeadGuestStepValid({ leadGuestValid, roomConfigurationChosen, showRoomConfigurationQuestion })).toBe(valid);
    },
  );

  it('needs every lead guest valid and every item to have seen its extras', () => {
    expect(isBasketReadyForCheckout([item({ leadGuestValid: true, servicesSeen: true })])).toBe(true);
    expect(isBasketReadyForCheckout([item({ leadGuestValid: true, hasSelectableServices: false })])).toBe(true);
    expect(isBasketReadyForCheckout([item({ leadGuestValid: true })])).toBe(false);
    expect(isBasketReadyForCheckout([item({ servicesSeen: true })])).toBe(false);
    expect(isBasketReadyForCheckout([])).toBe(false);
  });
});

describe('basket: adding needs a room left and takes it; removing gives it back', () => {
  interface Item extends BasketItem {
    name: string;
  }
  const empty: Basket<Item> = { items: [], roomsLeft: { '10': 1, '20': 3 } };

  it('adds while availability is at least 1, keeping items sorted by room number', () => {
    const first = addToBasket(empty, { ReservationItemId: 'a', RoomTypeId: 20, roomNumber: 2, name: 'suite' });
    const second = first && addToBasket(first, { ReservationItemId: 'b', RoomTypeId: 10, roomNumber: 1, name: 'double' });
    expect(second?.items.map((entry) => entry.name)).toEqual(['double', 'suite']);
    expect(second?.roomsLeft).toEqual({ '10': 0, '20': 2 });
    expect(second && addToBasket(second, { ReservationItemId: 'c', RoomTypeId: 10, roomNumber: 3, name: 'x' })).toBeNull();
    expect(addToBasket(empty, { ReservationItemId: 'd', RoomTypeId: 99, roomNumber: 1, name: 'unknown' })).toBeNull();
  });

  it('removes an item and restores its room', () => {
    const added = addToBasket(empty, { ReservationItemId: 'a', RoomTypeId: 10, roomNumber: 1, name: 'double' });
    expect(added).not.toBeNull();
    if (added === null) return;
    expect(removeFromBasket(added, 'a')).toEqual(empty);
    expect(removeFromBasket(added, 'zzz')).toBe(added);
  });

  it('fits the basket to a fresh answer: what no longer has a room goes, the last room numbers first', () => {
    const items = [
      { ReservationItemId: 'a', RoomTypeId: 10, roomNumber: 1 },
      { ReservationItemId: 'b', RoomTypeId: 10, roomNumber: 2 },
      { ReservationItemId: 'c', RoomTypeId: 20, roomNumber: 3 },
      { ReservationItemId: 'd', RoomTypeId: 30, roomNumber: 4 },
    ];
    // One double left for two in the basket, the suites sold out (0), the loft not answered (no room).
    const fitted = fitBasketToAvailability(items, { '10': 1, '20': 0, '40': 5 });
    expect(fitted.items.map((item) => item.ReservationItemId)).toEqual(['a']);
    expect(fitted.removed.map((item) => item.ReservationItemId)).toEqual(['b', 'c', 'd']);
    expect(fitted.roomsLeft).toEqual({ '10': 0, '20': 0, '40': 5 });
    // Enough rooms: everything stays and the answer's rooms are what the basket leaves.
    expect(fitBasketToAvailability(items, { '10': 3, '20': 1, '30': 2 })).toEqual({
      items,
      removed: [],
      roomsLeft: { '10': 1, '20': 0, '30': 1 },
    });
  });
});
