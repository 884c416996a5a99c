import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import type { ManageBookingSearchResponse, ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type {
  ManageBookingCancelResponse,
  ManageBookingQuote,
  ManageBookingUpdateRequest,
  ManageBookingUpdateResponse,
  SearchDateOptionsResponse,
  DateChangeRow,
  ReservationItemServicesResponse,
} from '@hotel/domain/wire/manage-booking-change';
import type { CancellationReason } from '@hotel/domain/wire/static-data-response';
import { PRICE_FIELDS } from '@hotel/domain/pricing';
import { aManageConfig, aManagedReservation, aManagedRoom, aRate, aSearchResponse, aSearchRoomType } from '../test/builders';
import { fakeApi, renderWithProviders, respond, type ApiRoutes } from '../test/render';
import { ManagePage } from './manage-page';
import { ManageReservationPage } from './manage-reservation-page';

// Each page waits on two or three fake calls and a lazy chunk; a loaded machine (or CI) may take
// longer than the default second to show them.
configure({ asyncUtilTimeout: 4000 });

const LINK = '/Manage/TEST/Reservation/TEST-1001/link-code-1';

function found(reservation: ManagedReservation = aManagedReservation(), Code = 'link-code-1'): ManageBookingSearchResponse {
  return { Success: true, Message: null, Reservation: reservation, Code };
}

const reasons: CancellationReason[] = [
  { CancellationReasonId: 1, Reason: 'Change of plans' },
  { CancellationReasonId: 2, Reason: 'Found another hotel' },
];

function renderAt(path: string, routes: ApiRoutes) {
  const calls = fakeApi({
    'GET /api/ManageBooking/Config/7': aManageConfig(),
    'GET /api/StaticData/7/CancellationReasons': reasons,
    ...routes,
  });
  renderWithProviders(
    <Switch>
      <Route path="/Manage/:propertyCode">
        <ManagePage />
      </Route>
      <Route path="/Manage/:propertyCode/Reservation/:referenceNumber/:code">
        <ManageReservationPage />
      </Route>
    </Switch>,
    { path },
  );
  return calls;
}

/** The booking moved a week on: Thu 11th to Sat 13th Mar 2027. */
function movedRow(overrides: Partial<DateChangeRow> = {}): DateChangeRow {
  // Only the base rate is charged: every other component, and its Original twin, is 0.
  const zero = Object.fromEntries(
    PRICE_FIELDS.flatMap((name) => [
      [name, 0],
      [`Original${name}`, 0],
    ]),
  );
  return {
    ...(zero as Pick<DateChangeRow, 'CostPerRoom'>),
    ReservationItemId: 501,
    RoomTypeId: 1,
    RatePlanId: 10,
    DateFrom: '2027-03-11',
    DateTo: '2027-03-13',
    IsOccupancyBased: false,
    BaseNumberOfAdults: 2,
    // 2 nights: Thu 120 + Fri 160 = 280
    BaseRate: 280,
    OriginalBaseRate: 280,
    NumberOfAdults: 2,
    NumberOfChildren: 0,
    NumberOfInfants: 0,
    Promotion: null,
    TotalCost: 280,
    OriginalTotalCost: 280,
    ...overrides,
  } as DateChangeRow;
}

// Booked 240, moved 280: 280 - 240 = 40 more, charged to the card.
const quote: ManageBookingQuote = {
  Rooms: [
    {
      ReservationItemId: 501,
      IsCancelled: false,
      TotalCost: 280,
      OriginalTotalCost: 280,
      ServicesCost: 0,
      PreviousTotalCost: 240,
      PreviousServicesCost: 0,
    },
  ],
  PreviousTotal: 240,
  NewTotal: 280,
  Difference: 40,
  Payment: { Kind: 'Charge', Amount: 40 },
  Policy: 'The difference is charged to the card you booked with.',
  Currency: 'GBP',
};

async function moveAWeek() {
  await userEvent.click(await screen.findByRole('button', { name: 'Change dates' }));
  const arrival = screen.getByLabelText('Arrival');
  await userEvent.clear(arrival);
  await userEvent.type(arrival, '2027-03-11');
  const departure = screen.getByLabelText('Departure');
  await userEvent.clear(departure);
  await userEvent.type(departure, '2027-03-13');
  await userEvent.click(screen.getByRole('button', { name: 'Search new dates' }));
}

describe('Manage (/Manage/{propertyCode})', () => {
  it('asks for the reservation number and the guest name before searching', async () => {
    const calls = renderAt('/Manage/TEST', {});
    await userEvent.click(await screen.findByRole('button', { name: 'Find booking' }));
    expect(screen.getByText('Reservation Number is required')).toBeInTheDocument();
    expect(screen.getByText('Guest Name is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Reservation Number')).toHaveFocus());
    expect(calls.filter((call) => call.path === '/api/ManageBooking/Search')).toHaveLength(0);
  });

  it('shows a miss in the form under Manage Booking Error', async () => {
    renderAt('/Manage/TEST', {
      'POST /api/ManageBooking/Search': {
        Success: false,
        Message: 'We could not find a booking with those details.',
        Reservation: null,
        Code: null,
      },
    });
    await userEvent.type(await screen.findByLabelText('Reservation Number'), 'TEST-1001');
    await userEvent.type(screen.getByLabelText('Guest Name'), 'Babbage');
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    const form = screen.getByRole('form', { name: 'Find your booking' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Manage Booking ErrorWe could not find a booking with those details.');
  });

  it('opens a booking found by name on its Reservation page without searching again', async () => {
    const calls = renderAt('/Manage/TEST', { 'POST /api/ManageBooking/Search': found(aManagedReservation(), 'name-code-9') });
    await userEvent.type(await screen.findByLabelText('Reservation Number'), ' TEST-1001 ');
    await userEvent.type(screen.getByLabelText('Guest Name'), 'lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));

    expect(await screen.findByRole('heading', { name: 'Your booking' })).toBeInTheDocument();
    expect(screen.getByText('Room 1: Double')).toBeInTheDocument();
    // 2 nights at 240 in all, as booked
    expect(screen.getByTestId('room-price')).toHaveTextContent('£240.00');
    const searches = calls.filter((call) => call.path === '/api/ManageBooking/Search');
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]!.url.searchParams)).toEqual({
      propertyId: '7',
      reservationNumber: 'TEST-1001',
      guestName: 'lovelace',
    });
  });
});

describe('Reservation (/Manage/{propertyCode}/Reservation/{reference}/{code})', () => {
  it('searches with the link’s reference and code', async () => {
    const calls = renderAt(LINK, { 'POST /api/ManageBooking/Search': found() });
    expect(await screen.findByRole('heading', { name: 'Your booking' })).toBeInTheDocument();
    const search = calls.find((call) => call.path === '/api/ManageBooking/Search');
    expect(Object.fromEntries(search!.url.searchParams)).toEqual({ propertyId: '7', reservationNumber: 'TEST-1001', hash: 'link-code-1' });
  });

  it('offers a table at the restaurant on a night of the stay, with the link’s code that ties the table to the booking', async () => {
    renderAt(LINK, { 'POST /api/ManageBooking/Search': found(aManagedReservation({ DateFrom: '2027-03-11', DateTo: '2027-03-13' })) });
    const link = await screen.findByRole('link', { name: 'Book a table at our restaurant' });
    expect(link).toHaveAttribute(
      'href',
      '/Book/TEST/Restaurant?reservation=TEST-1001&arrive=2027-03-11&depart=2027-03-13&code=link-code-1',
    );
  });

  it('sends a link that finds nothing back to Manage, saying so', async () => {
    renderAt(LINK, { 'POST /api/ManageBooking/Search': { Success: false, Message: 'nope', Reservation: null, Code: null } });
    const form = await screen.findByRole('form', { name: 'Find your booking' });
    expect(within(form).getByRole('alert')).toHaveTextContent('We could not find a booking with those details.');
  });

  it('shows a cancelled booking as Cancelled, with nothing left to change', async () => {
    const room = aManagedRoom({ CanBeEdited: false, CanBeCancelled: false });
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(
        aManagedReservation({ IsCancelled: true, CanBeEdited: false, CanBeCancelled: false, Rooms: [room] }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Booking cancelled' })).toBeInTheDocument();
    expect(screen.getByText('This booking has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells the guest to call the hotel when the booking can no longer be edited', async () => {
    const room = aManagedRoom({ CanBeEdited: false, CanBeCancelled: false });
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(aManagedReservation({ CanBeEdited: false, CanBeCancelled: false, Rooms: [room] })),
    });
    expect(await screen.findByText('To modify your reservation, please contact the hotel directly on a phone number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+441000000000' })).toHaveAttribute('href', 'tel:+441000000000');
    expect(screen.queryByRole('button', { name: 'Change dates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit guests/ })).not.toBeInTheDocument();
  });

  it('moves the stay, shows the difference, quotes and saves the change', async () => {
    const moved = aManagedReservation({
      DateFrom: '2027-03-11',
      DateTo: '2027-03-13',
      TotalAccommodationPrice: 280,
      Rooms: [aManagedRoom({ DateFrom: '2027-03-11', DateTo: '2027-03-13', TotalCost: 280 })],
    });
    const calls = renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/SearchDateOptions': {
        Success: true,
        Message: null,
        ReservationItemRateRows: [movedRow()],
      } satisfies SearchDateOptionsResponse,
      'POST /api/ManageBooking/Quote': quote,
      'POST /api/ManageBooking/Update': {
        Success: true,
        Message: null,
        Payment: { Kind: 'Charge', Amount: 40 },
        Reservation: moved,
      } satisfies ManageBookingUpdateResponse,
    });
    await moveAWeek();
    // 280 - 240 = +40
    expect(await screen.findByTestId('date-change-difference')).toHaveTextContent('Difference: +£40.00');
    expect(calls.find((call) => call.path === '/api/ManageBooking/SearchDateOptions')?.body).toEqual({
      PropertyId: 7,
      ReservationId: 41,
      Code: 'link-code-1',
      DateFrom: '2027-03-11',
      DateTo: '2027-03-13',
      ReservationItemIds: [501],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Accept new dates' }));
    expect(await screen.findByText('Thu 11th Mar 2027 to Sat 13th Mar 2027 (2 nights)')).toBeInTheDocument();
    expect(screen.getByTestId('room-price')).toHaveTextContent('£280.00');

    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(await screen.findByTestId('quote-difference')).toHaveTextContent('+£40.00');
    expect(screen.getByTestId('quote-payment')).toHaveTextContent('£40.00 will be charged to your card.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your booking was updated')).toBeInTheDocument();

    const update = calls.find((call) => call.path === '/api/ManageBooking/Update');
    const body = update?.body as ManageBookingUpdateRequest;
    expect(body.ReservationItems).toEqual([
      expect.objectContaining({
        ReservationItemId: 501,
        DateFrom: '2027-03-11',
        DateTo: '2027-03-13',
        RoomTypeId: 1,
        RatePlanId: 10,
        TotalCost: 280,
      }),
    ]);
    expect(body.RoomsToCancel).toEqual([]);
    expect(body.Booker).toBeNull();
    expect(update?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.find((call) => call.path === '/api/ManageBooking/Quote')?.body).toEqual(body);
  });

  it('says why new dates cannot be had and offers no accept', async () => {
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/SearchDateOptions': {
        Success: false,
        Message: 'A minimum stay of 3 nights applies.',
        ReservationItemRateRows: [],
      },
    });
    await moveAWeek();
    expect(await screen.findByText('A minimum stay of 3 nights applies.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept new dates' })).not.toBeInTheDocument();
  });

  it('shows the server’s message, or Failed to save Reservation, when the save fails', async () => {
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/Quote': quote,
      'POST /api/ManageBooking/Update': { Success: false, Message: null, Payment: null, Reservation: null },
    });
    await userEvent.type(await screen.findByLabelText('Special requests'), 'A quiet room');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Failed to save Reservation')).not.toHaveLength(0);
  });

  it('takes the new prices of a 409 PRICE_CHANGED into the change and prices it again', async () => {
    const quotes: unknown[] = [];
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/Quote': ({ body }: { body: unknown }) => {
        quotes.push(body);
        return quote;
      },
      'POST /api/ManageBooking/Update': respond(409, {
        Message: 'The price of your stay has changed.',
        Code: 'PRICE_CHANGED',
        Rooms: [{ ReservationItemId: 501, TotalCost: 260, OriginalTotalCost: 260, ServicesCost: 0, Services: [] }],
        TotalCost: 260,
      }),
    });
    await userEvent.type(await screen.findByLabelText('Special requests'), 'A quiet room');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Prices have changed')).toBeInTheDocument();
    expect(screen.getByText('The price of your stay has changed.')).toBeInTheDocument();
    // The room's new price (260) goes into the second quote.
    await waitFor(() => expect(quotes).toHaveLength(2));
    expect((quotes[1] as ManageBookingUpdateRequest).ReservationItems[0]?.TotalCost).toBe(260);
  });

  it('cancels the booking with a required reason, then shows it cancelled', async () => {
    const calls = renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/Cancel': {
        Success: true,
        Message: 'Your reservation has been cancelled',
        RefundAmount: 240,
        GiftVoucherReturned: 0,
      } satisfies ManageBookingCancelResponse,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel Booking' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Found another hotel');
    await userEvent.click(confirm);

    expect(await screen.findByText('Your reservation has been cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Booking cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your refund').parentElement).toHaveTextContent('£240.00 is being refunded to your card.');
    expect(screen.queryByText(/gift voucher/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const cancel = calls.find((call) => call.path === '/api/ManageBooking/Cancel');
    expect(cancel?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cancel?.body).toEqual({
      PropertyId: 7,
      ReservationId: 41,
      Code: 'link-code-1',
      CancellationReasonId: 2,
    });
  });

  /** Cancels the booking of the link with a reason, as a guest does, the Cancel answering `answer`. */
  async function cancelWith(answer: ManageBookingCancelResponse) {
    renderAt(LINK, { 'POST /api/ManageBooking/Search': found(), 'POST /api/ManageBooking/Cancel': answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Change of plans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await screen.findByRole('heading', { name: 'Booking cancelled' });
  }

  it('says on the cancelled booking what went back to the card and what went back to the gift voucher', async () => {
    await cancelWith({ Success: true, Message: 'Your reservation has been cancelled', RefundAmount: 150, GiftVoucherReturned: 50 });
    const refund = screen.getByText('Your refund').parentElement as HTMLElement;
    expect(within(refund).getByText('£150.00 is being refunded to your card.')).toBeInTheDocument();
    expect(
      within(refund).getByText('£50.00 paid by gift voucher has gone back to your gift voucher: you can use it again.'),
    ).toBeInTheDocument();
  });

  it('says the gift voucher part went back when nothing was paid by card', async () => {
    await cancelWith({ Success: true, Message: 'Your reservation has been cancelled', RefundAmount: 0, GiftVoucherReturned: 50 });
    const refund = screen.getByText('Your refund').parentElement as HTMLElement;
    expect(refund).toHaveTextContent('£50.00 paid by gift voucher has gone back to your gift voucher: you can use it again.');
    expect(refund).not.toHaveTextContent('refunded to your card');
  });

  it('says in the API’s words a refund refused or not answered yet, beside the gift voucher part given back', async () => {
    const pending =
      'Your reservation has been cancelled. The refund of £150.00 is on its way to your card, though we have not yet heard back from the card provider: it may take a little longer to appear.';
    await cancelWith({ Success: true, Message: pending, RefundAmount: 150, GiftVoucherReturned: 50 });
    const refund = screen.getByText('Your refund').parentElement as HTMLElement;
    expect(within(refund).getByText(pending)).toBeInTheDocument();
    expect(refund).not.toHaveTextContent('£150.00 is being refunded to your card.');
    expect(refund).toHaveTextContent('£50.00 paid by gift voucher has gone back to your gift voucher');
  });

  it('says nothing of money when a cancellation moved none', async () => {
    await cancelWith({ Success: true, Message: 'Your reservation has been cancelled', RefundAmount: 0, GiftVoucherReturned: 0 });
    expect(screen.getByText('This booking has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByText('Your refund')).not.toBeInTheDocument();
  });

  it('tells a refused cancel in a notification and closes the dialog', async () => {
    renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/Cancel': {
        Success: false,
        Message: 'This booking can no longer be cancelled online.',
        RefundAmount: 0,
        GiftVoucherReturned: 0,
      } satisfies ManageBookingCancelResponse,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Change of plans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('This booking can no longer be cancelled online.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your booking' })).toBeInTheDocument();
  });

  it('cancels one room on save with its reason and adds a room with New Guest placeholders', async () => {
    const second = aManagedRoom({ ReservationItemId: 502, RoomTypeName: 'Twin', Guests: [] });
    const calls = renderAt(LINK, {
      'POST /api/ManageBooking/Search': found(aManagedReservation({ Rooms: [aManagedRoom(), second] })),
      'POST /api/ManageBooking/Quote': quote,
      'POST /api/Availability/Search': aSearchResponse(
        [
          aSearchRoomType({ RoomTypeId: 30, Name: 'Family' }, [
            aRate({ RatePlanId: 12, Name: 'Saver', RoomCosts: [{ TotalCost: 190, OriginalTotalCost: 190 }] }),
          ]),
          aSearchRoomType({ RoomTypeId: 40, Name: 'Suite' }),
        ],
        { NumberOfRoomsPerRoomTypeId: { '30': 2, '40': 0 } },
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Room 2: Twin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Room 2: Twin' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Change of plans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel this room' }));
    expect(screen.getByText('To be cancelled when you save')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a room' }));
    // The stay searched for the new room's party; a room type without rooms left is not offered.
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Family' }));
    expect(screen.queryByRole('button', { name: 'Choose Suite' })).not.toBeInTheDocument();
    // 2 nights on the Saver rate for 2 adults: the search's 190.00
    await userEvent.click(await screen.findByRole('button', { name: 'Book Saver' }));
    expect(await screen.findByRole('heading', { name: 'Room 2: Family' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Availability/Search')?.body).toEqual({
      PropertyId: 7,
      LanguageCode: 'en',
      DateFrom: '2027-03-04',
      DateTo: '2027-03-06',
      Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
    });
    expect(screen.getAllByText('New Guest')).toHaveLength(2);
    // The review loop: the room, then each placeholder guest not yet reviewed.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Room 2: Family, guest 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));
    expect(await screen.findByRole('heading', { name: 'Room 2: Family, guest 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Review changes' }));
    await screen.findByTestId('quote-difference');

    const body = calls.find((call) => call.path === '/api/ManageBooking/Quote')?.body as ManageBookingUpdateRequest;
    expect(body.RoomsToCancel).toEqual([{ ReservationItemId: 502, CancellationReasonId: 1 }]);
    expect(body.ReservationItems).toHaveLength(2);
    expect(body.ReservationItems[1]).toEqual(
      expect.objectContaining({
        ReservationItemId: null,
        DateFrom: '2027-03-04',
        DateTo: '2027-03-06',
        RoomTypeId: 30,
        RatePlanId: 12,
        NumberOfAdults: 2,
        TotalCost: 190,
        Guests: [
          expect.objectContaining({ FirstName: 'New', LastName: 'Guest', IsLeadGuest: true }),
          expect.objectContaining({ FirstName: 'New', LastName: 'Guest', IsLeadGuest: false }),
        ],
      }),
    );
  });

  it('holds nobody back on an address rule a managed guest cannot meet', async () => {
    const config = aManageConfig();
    const calls = renderAt(LINK, {
      'GET /api/ManageBooking/Config/7': aManageConfig({
        GuestConfiguration: { ...config.GuestConfiguration, StreetRequired: true, PostCodeRequired: true },
      }),
      'POST /api/ManageBooking/Search': found(),
      'POST /api/ManageBooking/Quote': quote,
    });
    await userEvent.type(await screen.findByLabelText('Special requests'), 'A quiet room');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await screen.findByTestId('quote-difference');
    expect(calls.filter((call) => call.path === '/api/ManageBooking/Quote')).toHaveLength(1);
  });

  it('edits a guest under the property’s guest rules', async () => {
    const calls = renderAt(LINK, { 'POST /api/ManageBooking/Search': found(), 'POST /api/ManageBooking/Quote': quote });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit guests of Room 1: Double' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));
    // The guest is reviewed: back to the room, then the overview.
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Guests: Augusta Lovelace')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await screen.findByTestId('quote-difference');
    const body = calls.find((call) => call.path === '/api/ManageBooking/Quote')?.body as ManageBookingUpdateRequest;
    expect(body.ReservationItems[0]?.Guests[0]).toEqual(expect.objectContaining({ FirstName: 'Augusta', LastName: 'Lovelace' }));
  });

  it('opens the first room’s extras from the confirmation’s Add Extras and adds one to the change', async () => {
    const services: ReservationItemServicesResponse = {
      Services: [
        {
          ServiceId: 3,
          ServiceCode: 'BRK',
          ServiceName: 'Breakfast',
          ServiceDescription: 'Full English',
          ChargeType: 'PerDay',
          ChargePerPerson: true,
          Articles: [{ ArticleId: 1, Name: 'Breakfast', Price: 12.5 }],
          AllowEditOnBookingEngine: true,
          Price: 12.5,
          OfferedFrom: null,
          OfferedTo: null,
        },
      ],
      InventoryPerServiceId: { '3': null },
      Booked: [],
    };
    const calls = renderAt(`${LINK}?extras`, {
      'POST /api/ManageBooking/Search': found(),
      'GET /api/Service/GetReservationItemServices': services,
      'POST /api/ManageBooking/Quote': quote,
    });
    // 12.50 a person a night: 2 adults x 2 nights x 12.50 = 50.00
    await userEvent.click(await screen.findByLabelText('Breakfast, £50.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Extras: Breakfast')).toBeInTheDocument();
    const query = calls.find((call) => call.path === '/api/Service/GetReservationItemServices')?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      propertyId: '7',
      reservationId: '41',
      reservationItemId: '501',
      code: 'link-code-1',
      languageCode: 'en',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await screen.findByTestId('quote-difference');
    const body = calls.find((call) => call.path === '/api/ManageBooking/Quote')?.body as ManageBookingUpdateRequest;
    expect(body.ReservationItems[0]?.Services).toEqual([{ ServiceId: 3, Quantity: 1 }]);
  });
});
