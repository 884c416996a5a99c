import { describe, expect, it } from 'vitest';
import {
  canSaveReservation,
  isRoomValid,
  NEW_GUEST_NAME,
  placeholderGuests,
  roomNeedsReview,
  syncGuestsWithBooker,
  type ReviewRoom,
} from '../src/guest-review';
import {
  advanceManageBooking,
  afterManageBookingSave,
  canAcceptDateChange,
  canCancel,
  MANAGE_BOOKING_STEPS,
  type ManageBookingStep,
} from '../src/manage-booking';
import { advancePreCheckIn, afterPreCheckInSave, PRE_CHECK_IN_STEPS, type PreCheckInStep } from '../src/pre-check-in';

const reviewed = { reviewed: true, valid: true };
const pending = { reviewed: false, valid: true };
const invalid = { reviewed: true, valid: false };
const at = <S extends string>(step: S, itemIndex = 0, guestIndex = 0) => ({ step, itemIndex, guestIndex });

describe('pre-check-in steps: Start, Booker, Room, Guest, Extras, PaymentDetails, Summary, Complete', () => {
  const rooms: ReviewRoom[] = [
    { roomReviewed: true, guests: [reviewed, reviewed] },
    { roomReviewed: false, guests: [pending, invalid] },
  ];
  const advance = (step: PreCheckInStep, change: Partial<Parameters<typeof advancePreCheckIn>[0]> = {}, itemIndex = 0, guestIndex = 0) =>
    advancePreCheckIn({ position: at(step, itemIndex, guestIndex), hasBooker: true, rooms, isMobile: false, ...change });

  it('lists the steps in order', () => {
    expect(PRE_CHECK_IN_STEPS).toEqual(['Start', 'Booker', 'Room', 'Guest', 'Extras', 'PaymentDetails', 'Summary', 'Complete']);
  });

  it('Start goes to Booker if the reservation has a booker, else to Room with the first item', () => {
    expect(advance('Start')).toEqual(at('Booker'));
    expect(advance('Start', { hasBooker: false })).toEqual(at('Room'));
  });

  it('Booker goes to Room with the first item and first guest', () => {
    expect(advance('Booker')).toEqual(at('Room', 0, 0));
  });

  it('Room goes to the next item whose guests or room are not all reviewed; none left goes to Summary', () => {
    expect(advance('Room')).toEqual(at('Room', 1));
    expect(advance('Room', { rooms: [rooms[0] as ReviewRoom] })).toEqual(at('Summary'));
  });

  it('on mobile, Room proceeds to the guest step', () => {
    expect(advance('Room', { isMobile: true }, 1)).toEqual(at('Guest', 1, 0));
    // no guest left to review in this room: the room logic applies
    expect(advance('Room', { isMobile: true }, 0)).toEqual(at('Room', 1));
  });

  it('Guest goes to the next guest not reviewed or invalid; when none, back to the Room logic, Summary at the end', () => {
    expect(advance('Guest', {}, 1, 1)).toEqual(at('Guest', 1, 1));
    const secondDone: ReviewRoom[] = [rooms[0] as ReviewRoom, { roomReviewed: false, guests: [reviewed, reviewed] }];
    expect(advance('Guest', { rooms: secondDone }, 1, 1)).toEqual(at('Room', 1));
    const allDone: ReviewRoom[] = [rooms[0] as ReviewRoom, { roomReviewed: true, guests: [reviewed, reviewed] }];
    expect(advance('Guest', { rooms: allDone }, 1, 1)).toEqual(at('Summary'));
  });

  it('Extras and PaymentDetails follow the sequence; Summary waits for the save', () => {
    expect(advance('Extras', {}, 1)).toEqual(at('PaymentDetails', 1));
    expect(advance('PaymentDetails')).toEqual(at('Summary'));
    expect(advance('Summary')).toEqual(at('Summary'));
    expect(advance('Complete')).toEqual(at('Complete'));
    expect(afterPreCheckInSave(at('Summary'), true)).toEqual(at('Complete'));
    expect(afterPreCheckInSave(at('Summary'), false)).toEqual(at('Summary'));
  });
});

describe('manage-booking steps', () => {
  const rooms: ReviewRoom[] = [
    { roomReviewed: true, guests: [reviewed] },
    { roomReviewed: true, guests: [pending] },
  ];
  const advance = (
    step: ManageBookingStep,
    change: Partial<Parameters<typeof advanceManageBooking>[0]> = {},
    itemIndex = 0,
    guestIndex = 0,
  ) => advanceManageBooking({ position: at(step, itemIndex, guestIndex), rooms, isMobile: false, isCancelled: false, ...change });

  it('lists the steps in order', () => {
    expect(MANAGE_BOOKING_STEPS).toHaveLength(13);
    expect(MANAGE_BOOKING_STEPS[0]).toBe('Start');
    expect(MANAGE_BOOKING_STEPS.at(-1)).toBe('Cancelled');
  });

  it.each([
    ['Start', at('ReservationOverview')],
    ['Booker', at('ReservationOverview')],
    ['ReservationOverview', at('Summary')],
    ['Extras', at('ReservationOverview')],
    ['RoomTypeSelection', at('RatePlanSelection')],
    ['RatePlanSelection', at('ReservationOverview')],
    ['UpgradeSelection', at('ReservationOverview')],
    ['ChangeDates', at('ReservationOverview')],
    ['Summary', at('Summary')],
    ['Complete', at('Complete')],
    ['Cancelled', at('Cancelled')],
  ] as const)('%s -> %o', (step, next) => {
    expect(advance(step)).toEqual(next);
  });

  it('Room and Guest follow review loops ending at ReservationOverview', () => {
    expect(advance('Room')).toEqual(at('Room', 1));
    expect(advance('Guest', {}, 1)).toEqual(at('Guest', 1, 0));
    const done: ReviewRoom[] = [rooms[0] as ReviewRoom, { roomReviewed: true, guests: [reviewed] }];
    expect(advance('Guest', { rooms: done }, 1)).toEqual(at('ReservationOverview'));
    expect(advance('Room', { rooms: done, isMobile: true })).toEqual(at('ReservationOverview'));
  });

  it('a cancelled reservation goes to Cancelled; save success goes to Complete', () => {
    expect(advance('ReservationOverview', { isCancelled: true })).toEqual(at('Cancelled'));
    expect(afterManageBookingSave(at('Summary'), true)).toEqual(at('Complete'));
    expect(afterManageBookingSave(at('Summary'), false)).toEqual(at('Summary'));
  });

  it('cancel is allowed only when the reservation can be cancelled and a required reason is chosen', () => {
    expect(canCancel({ CanBeCancelled: true })).toBe(true);
    expect(canCancel({ CanBeCancelled: false })).toBe(false);
    expect(canCancel({ CanBeCancelled: true, RequireCancellationReason: true })).toBe(false);
    expect(canCancel({ CanBeCancelled: true, RequireCancellationReason: true, cancellationReasonId: 2 })).toBe(true);
  });

  it('accepts new dates only if availability exists for every item', () => {
    const rows = [{ ReservationItemId: 1 }, { ReservationItemId: 2 }];
    expect(canAcceptDateChange({ success: true, reservationItemIds: [1, 2], rows })).toBe(true);
    expect(canAcceptDateChange({ success: true, reservationItemIds: [1, 2, 3], rows })).toBe(false);
    expect(canAcceptDateChange({ success: false, reservationItemIds: [1], rows })).toBe(false);
    expect(canAcceptDateChange({ success: true, reservationItemIds: [], rows: [] })).toBe(false);
  });
});

describe('saving a pre-check-in or managed booking', () => {
  const config = {
    ShowRoomConfigurationQuestion: true,
    BookerConfiguration: { EmailRequired: true },
    GuestConfiguration: { FirstNameRequired: true, LastNameRequired: true },
  };
  const guest = { FirstName: 'Ada', LastName: 'Lovelace' };
  const booker = { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' };

  it('a room is valid when all guests are valid and the room configuration is set if required', () => {
    expect(isRoomValid({ guests: [guest], roomConfigurationSet: true }, config)).toBe(true);
    expect(isRoomValid({ guests: [guest], roomConfigurationSet: false }, config)).toBe(false);
    expect(isRoomValid({ guests: [guest], roomConfigurationSet: false }, { ...config, ShowRoomConfigurationQuestion: false })).toBe(true);
    expect(isRoomValid({ guests: [{ FirstName: 'Ada' }], roomConfigurationSet: true }, config)).toBe(false);
    expect(isRoomValid({ guests: [{}], roomConfigurationSet: true }, {})).toBe(true);
  });

  it.each([
    [{ booker, saving: false }, true],
    [{ booker: null, saving: false }, true],
    [{ booker: { ...booker, Email: '' }, saving: false }, false],
    [{ booker, saving: true }, false],
  ])('%o -> %s', (change, allowed) => {
    expect(canSaveReservation({ rooms: [{ guests: [guest], roomConfigurationSet: true }], config, ...change })).toBe(allowed);
  });

  it('refuses when any guest of any room is invalid', () => {
    const rooms = [
      { guests: [guest], roomConfigurationSet: true },
      { guests: [guest, { FirstName: '' }], roomConfigurationSet: true },
    ];
    expect(canSaveReservation({ booker, rooms, config, saving: false })).toBe(false);
    expect(canSaveReservation({ booker, rooms: [], config: {}, saving: false })).toBe(true);
  });
});

describe('guests', () => {
  it("synchronises guests who are the booker to the booker's name, e-mail and phone, marked reviewed", () => {
    const guests = [
      { IndividualId: 5, FirstName: 'A', LastName: 'L', Email: null, Phone: null },
      { IndividualId: 6, FirstName: 'Charles', LastName: 'Babbage', Email: null, Phone: null },
    ];
    const synced = syncGuestsWithBooker(guests, {
      IndividualId: 5,
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+44117',
    });
    expect(synced[0]).toEqual({
      IndividualId: 5,
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+44117',
      reviewed: true,
    });
    expect(synced[1]).toBe(guests[1]);
    expect(syncGuestsWithBooker(guests, { FirstName: 'Nobody' })).toEqual(guests);
    expect(syncGuestsWithBooker(guests, { IndividualId: 6 })[1]).toMatchObject({ FirstName: null, reviewed: true });
  });

  it("names the guests of an added room 'New Guest', one per adult", () => {
    expect(NEW_GUEST_NAME).toBe('New Guest');
    const guests = placeholderGuests(2);
    expect(guests).toHaveLength(2);
    expect(guests.map((guest) => `${guest.FirstName} ${guest.LastName}`)).toEqual(['New Guest', 'New Guest']);
    expect(placeholderGuests(-1)).toEqual([]);
  });

  it('a room needs review until it and all its guests are reviewed and valid', () => {
    expect(roomNeedsReview({ roomReviewed: true, guests: [reviewed] })).toBe(false);
    expect(roomNeedsReview({ roomReviewed: false, guests: [reviewed] })).toBe(true);
    expect(roomNeedsReview({ roomReviewed: true, guests: [invalid] })).toBe(true);
  });
});
