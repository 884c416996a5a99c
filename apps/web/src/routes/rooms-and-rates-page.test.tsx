import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { addDays, stayDatesText, todayIn } from '@hotel/domain/dates';
import { ToastProvider } from '../components/toast';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext } from '../hooks/use-property';
import { emptyBookingState, getBookingState, searchAgain, setBookingState, startSearch } from '../stores/booking-store';
import { aBookConfig, aProperty, aRate, aSearchResponse, aSearchRoomType } from '../test/builders';
import { fakeApi, respond } from '../test/render';
import type { SearchResponse } from '@hotel/domain/wire/search-response';
import { RoomsAndRatesPage } from './rooms-and-rates-page';

const arrival = addDays(todayIn(new Date(), 'Europe/London'), 30);
const departure = addDays(arrival, 2);

function renderPage(answer: SearchResponse, adults = 2) {
  setBookingState(emptyBookingState('TEST'));
  startSearch({
    propertyId: 7,
    propertyCode: 'TEST',
    dateFrom: arrival,
    dateTo: departure,
    rooms: [{ NumberOfAdults: adults, NumberOfChildren: 0, NumberOfInfants: 0 }],
    promoCode: '',
    ratePlanCode: '',
    locationId: null,
  });
  const calls = fakeApi({
    'POST /api/Availability/Search': answer,
    'GET /api/Availability': [
      { DateOfStay: addDays(arrival, 3), AvailableRooms: 4, Rates: [{ RatePlanId: 1, MinLengthOfStay: 1, MinimumRate: 100 }] },
      { DateOfStay: addDays(arrival, 4), AvailableRooms: 4, Rates: [{ RatePlanId: 1, MinLengthOfStay: 1, MinimumRate: 100 }] },
    ],
    'GET /api/Service/Get': {
      Services: [
        {
          ServiceId: 1,
          ServiceCode: 'BRK',
          ServiceName: 'Breakfast',
          ServiceDescription: 'Every morning',
          ChargeType: 'PerDay',
          ChargePerPerson: true,
          Articles: [{ ArticleId: 1, Name: 'Breakfast', Price: 10 }],
          AllowEditOnBookingEngine: true,
          Price: 10,
          OfferedFrom: null,
          OfferedTo: null,
        },
      ],
      InventoryPerServiceId: { '1': null },
    },
    'GET /api/RoomTypeConfiguration/Get': [{ RoomConfigurationDropdownOptionId: 5, Name: 'King bed' }],
    'POST /api/Log': respond(204),
  });
  const location = memoryLocation({ path: '/Book/TEST/Rooms-And-Rates', record: true });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ToastProvider>
          <PropertyContext.Provider value={{ property: aProperty(), config: aBookConfig() }}>
            <CurrencyProvider propertyCode="TEST" currency="GBP" available={['GBP']}>
              <RoomsAndRatesPage />
            </CurrencyProvider>
          </PropertyContext.Provider>
        </ToastProvider>
      </Router>
    </SWRConfig>,
  );
  return { calls, location };
}

const withUpgrade = aSearchResponse(
  [
    aSearchRoomType(
      {
        Upgrades: [
          {
            RoomTypeId: 20,
            Name: 'Suite',
            MaximumOccupancy: 4,
            MinimumOccupancy: 1,
            AdultMaximumOccupancy: 3,
            ChildMaximumOccupancy: 2,
            AvailableRates: [aRate({ BaseRate: 300, OriginalBaseRate: 300, RoomCosts: [{ TotalCost: 300, OriginalTotalCost: 300 }] })],
          },
        ],
      },
      [
        aRate(),
        aRate({
          RatePlanId: 2,
          Name: 'Saver',
          BaseRate: 180,
          OriginalBaseRate: 200,
          RoomCosts: [{ TotalCost: 180, OriginalTotalCost: 200 }],
          Promotion: { Code: 'SPRING', Name: 'Spring offer', Message: null },
        }),
      ],
    ),
    aSearchRoomType({ RoomTypeId: 20, Name: 'Suite', MaximumOccupancy: 4, AdultMaximumOccupancy: 3 }, [
      aRate({ BaseRate: 300, OriginalBaseRate: 300, RoomCosts: [{ TotalCost: 300, OriginalTotalCost: 300 }] }),
    ]),
  ],
  { NumberOfRoomsPerRoomTypeId: { '10': 2, '20': 5 } },
);

describe('Rooms and Rates with the booking wizard', () => {
  beforeEach(() => {
    setBookingState(emptyBookingState('TEST'));
    // Each test arrives on a new page: no step of an earlier test's history entry.
    window.history.replaceState(null, '');
  });

  it('walks room type, rate, upgrade, lead guest and extras, then goes to Checkout on desktop', async () => {
    const { location } = renderPage(withUpgrade);
    expect(await screen.findByText('Good news, your selection is available')).toBeInTheDocument();
    expect(screen.getByTestId('availability-badge')).toHaveTextContent('Only 2 rooms left');
    expect(screen.getByText('£180.00')).toBeInTheDocument();
    expect(screen.getAllByText(/£90.00/)[0]).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'See rates for Double' }));
    const saver = screen.getByRole('heading', { name: 'Saver' }).closest('li')!;
    expect(saver.querySelector('s')).toHaveTextContent('£200.00');
    expect(saver).toHaveTextContent('Spring offer');
    await userEvent.click(screen.getByRole('button', { name: 'Book Flexible' }));

    expect(await screen.findByRole('heading', { name: 'Upgrade your room' })).toBeInTheDocument();
    expect(screen.getByText('+£100.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No thanks, keep my room' }));

    await userEvent.type(await screen.findByLabelText('Lead guest first name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Lead guest last name'), 'Lovelace');
    await userEvent.selectOptions(await screen.findByLabelText('Room configuration'), 'King bed');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.click(await screen.findByLabelText(/Add Breakfast \(£40.00\)/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/Book/TEST/Checkout'));
    expect(getBookingState().items[0]).toMatchObject({
      roomTypeName: 'Double',
      roomCost: 20000,
      roomConfigurationId: 5,
      services: [{ ServiceId: 1, Quantity: 1, cost: 4000, units: 2 }],
    });
  });

  it('takes an upgrade in place of the room chosen', async () => {
    renderPage(withUpgrade);
    await userEvent.click(await screen.findByRole('button', { name: 'See rates for Double' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Flexible' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Suite' }));
    await screen.findByLabelText('Lead guest first name');
    expect(getBookingState().items[0]).toMatchObject({ RoomTypeId: 20, roomTypeName: 'Suite', roomCost: 30000, upgradesSeen: true });
    expect(getBookingState().roomsLeft).toEqual({ '10': 2, '20': 4 });
  });

  it('shows and books the price the search answered for the room, which its summed components cannot give', async () => {
    // Friday and Saturday at 120 with two adults in the base, Sunday at 100 with one: 120 + 120 + (100 + 10) = 350;
    // the summed components (340, 30 per adult beyond 2) would say 340.
    const mixed = aRate({
      BaseRate: 340,
      OriginalBaseRate: 340,
      CostPerAdult: 30,
      RoomCosts: [{ TotalCost: 350, OriginalTotalCost: 350 }],
    });
    renderPage(aSearchResponse([aSearchRoomType({}, [mixed])]));
    await userEvent.click(await screen.findByRole('button', { name: 'See rates for Double' }));
    expect(screen.getByRole('heading', { name: 'Flexible' }).closest('li')).toHaveTextContent('£350.00');
    await userEvent.click(screen.getByRole('button', { name: 'Book Flexible' }));
    await waitFor(() => expect(getBookingState().items[0]).toMatchObject({ roomCost: 35000, originalRoomCost: 35000 }));
  });

  it('says over the results which stay they are for, a lone guest counted as "1 adult", and links back to the search', async () => {
    renderPage(withUpgrade, 1);
    await screen.findByText('Good news, your selection is available');
    expect(screen.getByTestId('stay-summary')).toHaveTextContent(`${stayDatesText(arrival, departure)} · 2 nights · 1 room, 1 adult`);
    expect(screen.getByRole('link', { name: 'Change search' })).toHaveAttribute('href', '/Book/TEST');
  });

  it('says when no room type takes the party', async () => {
    renderPage(aSearchResponse([aSearchRoomType({ MaximumOccupancy: 2, AdultMaximumOccupancy: 2 })]), 3);
    expect(await screen.findByText(/Not enough rooms based on occupancy/)).toBeInTheDocument();
  });

  it('offers alternative stays when nothing is available', async () => {
    renderPage(aSearchResponse([]));
    expect(await screen.findByText('Sorry, your selection is not available.')).toBeInTheDocument();
    expect(screen.getByText('This hotel is unavailable on your selected dates.')).toBeInTheDocument();
    const alternatives = await screen.findByRole('heading', { name: 'Other dates you can book' });
    expect(alternatives.parentElement?.querySelectorAll('button').length).toBeGreaterThan(0);
  });

  it('shows the promo code warning when the code is refused', async () => {
    renderPage({ ...withUpgrade, IsPromoCodeValid: false, PromoCodeMessage: 'This promo code needs a stay of at least 2 nights.' });
    const notice = (await screen.findByText('This promo code needs a stay of at least 2 nights.')).parentElement!;
    expect(within(notice).getByText('Promo code')).toBeInTheDocument();
    expect(notice).toHaveAttribute('role', 'alert');
  });

  it('shows a promo code a rate took as applied, not as a warning', async () => {
    renderPage({ ...withUpgrade, IsPromoCodeValid: true, PromoCodeMessage: '10% off our doubles' });
    const notice = (await screen.findByText('10% off our doubles')).parentElement!;
    expect(within(notice).getByText('Promo code applied')).toBeInTheDocument();
    expect(notice).not.toHaveAttribute('role', 'alert');
  });

  it('gives each step its own history entry: Back goes to the step before, Forward to the one after', async () => {
    renderPage(withUpgrade);
    await userEvent.click(await screen.findByRole('button', { name: 'See rates for Double' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book Flexible' }));
    await screen.findByRole('heading', { name: 'Upgrade your room' });

    window.history.back();
    expect(await screen.findByRole('button', { name: 'Book Flexible' })).toBeInTheDocument();
    window.history.back();
    expect(await screen.findByRole('button', { name: 'See rates for Double' })).toBeInTheDocument();
    window.history.forward();
    expect(await screen.findByRole('button', { name: 'Book Flexible' })).toBeInTheDocument();
    // Choosing again on a room that has its item replaces it: the room is taken once.
    await userEvent.click(screen.getByRole('button', { name: 'Book Saver' }));
    await screen.findByRole('heading', { name: 'Who is staying?' });
    expect(getBookingState().items).toHaveLength(1);
    expect(getBookingState().items[0]).toMatchObject({ ratePlanName: 'Saver' });
    expect(getBookingState().roomsLeft).toMatchObject({ '10': 1 });
  });

  it('asks the server again for a new search of the same stay, never answering from what it kept', async () => {
    const { calls } = renderPage(withUpgrade);
    await screen.findByText('Good news, your selection is available');
    const search = getBookingState().search!;
    startSearch({ ...search });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/Availability/Search')).toHaveLength(2));
  });

  it('takes out of the basket a room sold under the guest, says so, and shows what is still free', async () => {
    const { calls } = renderPage(withUpgrade);
    await userEvent.click(await screen.findByRole('button', { name: 'See rates for Double' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book Flexible' }));
    await screen.findByRole('heading', { name: 'Upgrade your room' });
    // At checkout the Create was refused: the last Double went to someone else meanwhile.
    calls.length = 0;
    fakeApi({
      'POST /api/Availability/Search': { ...withUpgrade, NumberOfRoomsPerRoomTypeId: { '10': 0, '20': 5 } },
      'POST /api/Log': respond(204),
    });
    act(() => searchAgain('Your combination of rooms is not available, please retry your search or contact us directly'));
    expect(await screen.findByText('Sorry, your booking has changed')).toBeInTheDocument();
    expect(screen.getByText(/Room 1 \(Double\) was just booked by someone else/)).toBeInTheDocument();
    expect(getBookingState()).toMatchObject({ items: [], roomsLeft: { '10': 0, '20': 5 } });
    expect(screen.queryByRole('button', { name: 'See rates for Double' })).toBeNull();
    expect(screen.getByRole('button', { name: 'See rates for Suite' })).toBeInTheDocument();
  });
});
