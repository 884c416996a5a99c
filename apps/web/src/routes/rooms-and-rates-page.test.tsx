import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { addDays, todayIn } from '@hotel/domain/dates';
import { ToastProvider } from '../components/toast';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext } from '../hooks/use-property';
import { emptyBookingState, getBookingState, setBookingState, startSearch } from '../stores/booking-store';
import { aBookConfig, aProperty, aRate, aSearchResponse, aSearchRoomType } from '../test/builders';
import { fakeApi, respond } from '../test/render';
import type { SearchResponse } from '../types/api';
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
            AvailableRates: [aRate({ BaseRate: 300, OriginalBaseRate: 300 })],
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
          Promotion: { Code: 'SPRING', Name: 'Spring offer', Message: null },
        }),
      ],
    ),
    aSearchRoomType({ RoomTypeId: 20, Name: 'Suite', MaximumOccupancy: 4, AdultMaximumOccupancy: 3 }, [
      aRate({ BaseRate: 300, OriginalBaseRate: 300 }),
    ]),
  ],
  { NumberOfRoomsPerRoomTypeId: { '10': 2, '20': 5 } },
);

describe('Rooms and Rates with the booking wizard', () => {
  beforeEach(() => setBookingState(emptyBookingState('TEST')));

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
      services: [{ ServiceId: 1, Quantity: 1, cost: 4000 }],
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
    renderPage({ ...withUpgrade, IsPromoCodeValid: false, PromoCodeMessage: 'This promo code needs a stay of 2 nights or more' });
    expect(await screen.findByText('This promo code needs a stay of 2 nights or more')).toBeInTheDocument();
  });
});
