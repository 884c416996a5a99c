import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { addDays, formatDate, todayIn } from '@hotel/domain/dates';
import { searchLinkQuery } from '@hotel/domain/search-link';
import { ToastProvider } from '../components/toast';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext } from '../hooks/use-property';
import { buildItem } from '../stores/booking-item';
import { emptyBookingState, getBookingState, setBookingState, startSearch } from '../stores/booking-store';
import { aBookConfig, aProperty, aSearchResponse, aSearchRoomType } from '../test/builders';
import { fakeApi, respond } from '../test/render';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { SearchRequest } from '@hotel/domain/wire/search-request';
import { BookPage } from './book-page';
import { RoomsAndRatesPage } from './rooms-and-rates-page';

// The test property (builders): children searched, infants not, at most 2 rooms a booking,
// 3 adults and 2 children a room, its today in London.
const today = todayIn(new Date(), 'Europe/London');
const arrive = addDays(today, 30);
const depart = addDays(arrive, 2);

function openAt(path: string, options: { property?: Property; config?: BookConfig } = {}) {
  const calls = fakeApi({
    'POST /api/Availability/Search': aSearchResponse([aSearchRoomType()]),
    'GET /api/Availability': [],
    'POST /api/Log': respond(204),
  });
  const location = memoryLocation({ path, record: true });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ToastProvider>
          <PropertyContext.Provider value={{ property: options.property ?? aProperty(), config: options.config ?? aBookConfig() }}>
            <CurrencyProvider propertyCode="TEST" currency="GBP" available={['GBP']}>
              <Switch>
                <Route path="/Book/:propertyCode" component={BookPage} />
                <Route path="/Book/:propertyCode/Rooms-And-Rates" component={RoomsAndRatesPage} />
              </Switch>
            </CurrencyProvider>
          </PropertyContext.Provider>
        </ToastProvider>
      </Router>
    </SWRConfig>,
  );
  const searches = () => calls.filter((call) => call.path === '/api/Availability/Search').map((call) => call.body as SearchRequest);
  return { location, searches };
}

const link = (query: Record<string, string>) => `/Book/TEST?${new URLSearchParams(query).toString()}`;

/** A basket holding one room for another stay than the link's. */
function givenABasketFor(dateFrom: string, dateTo: string) {
  setBookingState(emptyBookingState('TEST'));
  const criteria = {
    propertyId: 7,
    propertyCode: 'TEST',
    dateFrom,
    dateTo,
    rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
    promoCode: '',
    ratePlanCode: '',
    locationId: null,
  };
  startSearch(criteria);
  const entry = aSearchRoomType();
  const item = buildItem({ criteria, roomIndex: 0, entry, rate: entry.Rates[0]!, hasSelectableServices: false, currency: 'GBP' });
  setBookingState((current) => ({ ...current, searching: false, searchPerformed: true, items: [item] }));
  return getBookingState();
}

// Each test arrives in a new tab: no basket, no draft, no step in the history entry.
beforeEach(() => {
  setBookingState(emptyBookingState('TEST'));
  sessionStorage.clear();
  window.history.replaceState(null, '');
});

describe('a shareable search link on the search page', () => {
  it('makes the search and lands on Rooms and Rates, the party shared over the rooms, with Back leading to the plain search page', async () => {
    const { location, searches } = openAt(link({ arrive, depart, adults: '3', children: '1', rooms: '2', promo: 'SPRING' }));

    expect(await screen.findByText('Good news, your selection is available')).toBeInTheDocument();
    expect(location.history).toEqual(['/Book/TEST', '/Book/TEST/Rooms-And-Rates']);
    expect(searches()).toHaveLength(1);
    expect(searches()[0]).toMatchObject({
      PropertyId: 7,
      DateFrom: arrive,
      DateTo: depart,
      PromoCode: 'SPRING',
      RatePlanCode: null,
      // 3 adults and 1 child over 2 rooms: the first room takes the odd adult and the child.
      Rooms: [
        { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 },
        { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 },
      ],
    });
  });

  it('reads back the link the domain writes for a search', async () => {
    const rooms = [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }];
    const { searches } = openAt(`/Book/TEST?${searchLinkQuery({ arrive, depart, rooms })}`);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]).toMatchObject({ DateFrom: arrive, DateTo: depart, Rooms: rooms, PromoCode: null });
  });

  it.each([
    ['an arrival in the past', { arrive: addDays(today, -1), depart }],
    ['a departure before the arrival', { arrive: depart, depart: arrive }],
    ['a date that is no date', { arrive: '2026-02-30', depart }],
    ['a departure only', { depart }],
    ['more rooms than the property allows on a booking', { arrive, depart, adults: '3', rooms: '3' }],
    ['more adults in a room than it takes', { arrive, depart, adults: '4', rooms: '1' }],
    ['more children in a room than it takes', { arrive, depart, adults: '1', children: '3' }],
    ['infants, which the property does not search', { arrive, depart, infants: '1' }],
    ['a count that is no whole number', { arrive, depart, adults: '2.5' }],
    ['beyond the 36 months of the calendar', { arrive: addDays(today, 1200), depart: addDays(today, 1202) }],
  ])('ignores a link with %s: the empty form, no error, no search', async (_, query) => {
    const { location, searches } = openAt(link(query));

    expect(await screen.findByRole('form', { name: 'Search availability' })).toBeInTheDocument();
    expect(screen.getByTestId('arrival-date')).toHaveTextContent('Not chosen');
    expect(screen.getByTestId('departure-date')).toHaveTextContent('Not chosen');
    expect(screen.queryByText(/please|cannot|maximum/i)).not.toBeInTheDocument();
    expect(getBookingState().search).toBeNull();
    expect(searches()).toHaveLength(0);
    expect(location.history).toHaveLength(1);
  });

  it('ignores children where the property searches none', async () => {
    const { searches } = openAt(link({ arrive, depart, adults: '2', children: '1' }), {
      property: aProperty({ EnableChildrenSearch: false }),
    });
    expect(await screen.findByRole('form', { name: 'Search availability' })).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });

  it('ignores a same-day arrival after the property’s cut-off, as the form refuses it', async () => {
    const { searches } = openAt(link({ arrive: today, depart: addDays(today, 1) }), {
      config: aBookConfig({ SameDayBookingRestrictionEnabled: true, SameDayBookingRestrictionHour: 0, SameDayBookingRestrictionMinute: 0 }),
    });
    expect(await screen.findByRole('form', { name: 'Search availability' })).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });

  it('replaces a basket made for other dates, as a changed search does', async () => {
    const before = givenABasketFor(addDays(arrive, 7), addDays(arrive, 9));
    const { searches } = openAt(link({ arrive, depart }));

    await waitFor(() => expect(searches()).toHaveLength(1));
    const after = getBookingState();
    expect(after.items).toEqual([]);
    expect(after.basketId).not.toBe(before.basketId);
    expect(after.search).toMatchObject({ dateFrom: arrive, dateTo: depart });
  });

  it('keeps the basket when the link asks for the search it was made for (the campaign e-mail opened again)', async () => {
    const before = givenABasketFor(arrive, depart);
    const { location } = openAt(link({ arrive, depart, adults: '2' }));

    await waitFor(() => expect(location.history).toEqual(['/Book/TEST', '/Book/TEST/Rooms-And-Rates']));
    const after = getBookingState();
    expect(after.items.map((item) => item.ReservationItemId)).toEqual(before.items.map((item) => item.ReservationItemId));
    expect(after.basketId).toBe(before.basketId);
    expect(after.searchNumber).toBe(before.searchNumber);
  });

  it('opens the search page on the link’s stay when the guest goes back to it', async () => {
    // What the guest typed before following the link gives way to the link's search.
    sessionStorage.setItem('hotel:draft:search', JSON.stringify({ scope: 'TEST', value: { dateFrom: addDays(arrive, 50) } }));
    const { location } = openAt(link({ arrive, depart }));
    await screen.findByText('Good news, your selection is available');

    location.navigate('/Book/TEST');
    expect(await screen.findByRole('form', { name: 'Search availability' })).toBeInTheDocument();
    expect(screen.getByTestId('arrival-date')).toHaveTextContent(formatDate(arrive, 'ddd Do MMM YYYY'));
    expect(screen.getByTestId('departure-date')).toHaveTextContent(formatDate(depart, 'ddd Do MMM YYYY'));
  });
});

describe('a shareable search link on the Rooms and Rates address', () => {
  it('makes the link’s search, not the one already made', async () => {
    givenABasketFor(addDays(arrive, 7), addDays(arrive, 9));
    const { location, searches } = openAt(`/Book/TEST/Rooms-And-Rates?${new URLSearchParams({ arrive, depart }).toString()}`);

    expect(await screen.findByText('Good news, your selection is available')).toBeInTheDocument();
    expect(location.history).toEqual(['/Book/TEST', '/Book/TEST/Rooms-And-Rates']);
    expect(searches().map((search) => search.DateFrom)).toEqual([arrive]);
  });

  it('falls back to the search form for a bad link', async () => {
    const { searches } = openAt(`/Book/TEST/Rooms-And-Rates?${new URLSearchParams({ arrive: addDays(today, -3), depart }).toString()}`);
    expect(await screen.findByRole('form', { name: 'Search availability' })).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });
});
