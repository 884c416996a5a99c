import { beforeEach, describe, expect, it } from 'vitest';
import { BookingStep } from '@hotel/domain/booking-wizard';
import { aRate, aSearchRoomType } from '../test/builders';
import { buildItem } from './booking-item';
import {
  addItem,
  advance,
  availabilityAnswered,
  emptyBookingState,
  getBookingState,
  removeItem,
  setBookingState,
  startSearch,
  updateItem,
  type SearchCriteria,
} from './booking-store';

const twoRooms: SearchCriteria = {
  propertyId: 7,
  propertyCode: 'TEST',
  dateFrom: '2030-05-01',
  dateTo: '2030-05-03',
  rooms: [
    { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 },
    { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 },
  ],
  promoCode: '',
  ratePlanCode: '',
  locationId: null,
};

const desktop = { showRoomConfigurationQuestion: true, isMobile: false };
const mobile = { showRoomConfigurationQuestion: true, isMobile: true };

function itemFor(roomIndex: number, options: { services?: boolean; upgrades?: boolean } = {}) {
  const item = buildItem({
    criteria: twoRooms,
    roomIndex,
    entry: aSearchRoomType(),
    // The search priced the rate for both searched rooms.
    rate: aRate({
      RoomCosts: [
        { TotalCost: 200, OriginalTotalCost: 200 },
        { TotalCost: 200, OriginalTotalCost: 200 },
      ],
    }),
    hasSelectableServices: options.services ?? true,
    currency: 'GBP',
  });
  item.upgradesSeen = !(options.upgrades ?? false);
  return item;
}

describe('the booking wizard over the basket', () => {
  beforeEach(() => setBookingState(emptyBookingState('TEST')));

  it('starts at room type selection for the first room once the search answers', () => {
    startSearch(twoRooms);
    expect(getBookingState()).toMatchObject({ searching: true, items: [], step: BookingStep.None });
    availabilityAnswered({ '10': 3 }, desktop);
    expect(getBookingState()).toMatchObject({
      searchPerformed: true,
      step: BookingStep.RoomTypeSelection,
      roomIndex: 0,
      roomsLeft: { '10': 3 },
    });
  });

  it('goes to the next room without an item, then to the lead guests, extras and the summary', () => {
    startSearch(twoRooms);
    availabilityAnswered({ '10': 3 }, desktop);
    const first = itemFor(0);
    expect(addItem(first, desktop)).toMatchObject({ step: BookingStep.RoomTypeSelection, roomIndex: 1 });
    const second = itemFor(1, { services: false });
    expect(addItem(second, desktop)).toMatchObject({ step: BookingStep.Occupancy, itemIndex: 0 });
    expect(getBookingState().roomsLeft).toEqual({ '10': 1 });

    updateItem(first.ReservationItemId, {
      leadGuest: { FirstName: 'Ada', LastName: 'Lovelace', Email: '', Phone: '' },
      roomConfigurationId: 5,
    });
    expect(advance(desktop)).toMatchObject({ step: BookingStep.Occupancy, itemIndex: 1 });
    updateItem(second.ReservationItemId, {
      leadGuest: { FirstName: 'Alan', LastName: 'Turing', Email: '', Phone: '' },
      roomConfigurationId: 5,
    });
    // Only the first item has services to choose.
    expect(advance(desktop)).toMatchObject({ step: BookingStep.Extras, itemIndex: 0 });
    updateItem(first.ReservationItemId, { servicesSeen: true });
    expect(advance(desktop)).toMatchObject({ step: BookingStep.BookingSummary, navigateToCheckout: true });
  });

  it('asks for the room configuration before the lead guest step is done', () => {
    startSearch({ ...twoRooms, rooms: [twoRooms.rooms[0]!] });
    availabilityAnswered({ '10': 1 }, mobile);
    const item = itemFor(0);
    addItem(item, mobile);
    updateItem(item.ReservationItemId, { leadGuest: { FirstName: 'Ada', LastName: 'Lovelace', Email: '', Phone: '' } });
    expect(advance(mobile)).toMatchObject({ step: BookingStep.Occupancy });
    updateItem(item.ReservationItemId, { roomConfigurationId: 5 });
    expect(advance(mobile)).toMatchObject({ step: BookingStep.Extras, scrollToTop: true });
  });

  it('offers the upgrade step first when an item has unseen upgrades, and mobile keeps the summary', () => {
    startSearch({ ...twoRooms, rooms: [twoRooms.rooms[0]!] });
    availabilityAnswered({ '10': 1 }, mobile);
    const item = itemFor(0, { upgrades: true, services: false });
    expect(addItem(item, mobile)).toMatchObject({ step: BookingStep.UpgradeSelection, itemIndex: 0 });
    updateItem(item.ReservationItemId, {
      upgradesSeen: true,
      leadGuest: { FirstName: 'Ada', LastName: 'Lovelace', Email: '', Phone: '' },
      roomConfigurationId: 5,
    });
    expect(advance(mobile)).toMatchObject({ step: BookingStep.BookingSummary, navigateToCheckout: false });
  });

  it('adds a room only while its room type has one left, and removing gives it back', () => {
    startSearch(twoRooms);
    availabilityAnswered({ '10': 1 }, desktop);
    const first = itemFor(0);
    expect(addItem(first, desktop)).not.toBeNull();
    expect(addItem(itemFor(1), desktop)).toBeNull();
    removeItem(first.ReservationItemId);
    expect(getBookingState()).toMatchObject({ items: [], roomsLeft: { '10': 1 }, step: BookingStep.RoomTypeSelection, roomIndex: 0 });
  });

  it('a new search clears the basket', () => {
    startSearch(twoRooms);
    availabilityAnswered({ '10': 3 }, desktop);
    addItem(itemFor(0), desktop);
    startSearch({ ...twoRooms, dateTo: '2030-05-04' });
    expect(getBookingState()).toMatchObject({ items: [], roomsLeft: {}, searchPerformed: false, search: { dateTo: '2030-05-04' } });
  });
});
