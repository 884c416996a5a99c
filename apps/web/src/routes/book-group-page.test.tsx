import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, useLocation, useSearch } from 'wouter';
import { addDays, addMonths, nightsOfStay, todayIn } from '@hotel/domain/dates';
import type {
  PropertyGroupAreaAvailabilityRequest,
  PropertyGroupSearchRequest,
  PropertyGroupSearchResponse,
} from '@hotel/domain/wire/property-group';
import { GroupGate } from '../app/group-gate';
import { aBookConfig, aGroupSearchResponse, aGroupSearchResult, aProperty, aPropertyGroup } from '../test/builders';
import { fakeApi, renderWithProviders, respond, type ApiCall, type ApiRoutes } from '../test/render';
import { BookGroupPage } from './book-group-page';

// The page waits on three fake calls in turn before its search; a loaded machine may take longer than a second.
configure({ asyncUtilTimeout: 4000 });

// Dates from the property's today (Europe/London), as the page reckons them.
const today = todayIn(new Date(), 'Europe/London');
const arrive = addDays(today, 3);
const depart = addDays(today, 5);
const property = aProperty({ PropertyGroupId: 3 });

/** Where the page's address stands, for the shareable link. */
function Address() {
  const [path] = useLocation();
  const search = useSearch();
  return <output data-testid="address">{search === '' ? path : `${path}?${search}`}</output>;
}

/** A group calendar with both hotels open at £100.00 every night asked for. */
function openCalendar({ body }: { body: unknown }) {
  const { DateFrom, DateTo } = body as PropertyGroupAreaAvailabilityRequest;
  return {
    Currency: 'GBP',
    Nights: nightsOfStay(DateFrom, addDays(DateTo, 1)).map((Date) => ({ Date, PropertiesAvailable: 2, LowestPrice: 100 })),
  };
}

function renderAt(address: string, routes: ApiRoutes = {}) {
  const calls = fakeApi({
    'GET /api/Property/TEST': property,
    'GET /api/Book/Config/TEST': aBookConfig(),
    'GET /api/PropertyGroup/3': aPropertyGroup(),
    'POST /api/Availability/SearchPropertyGroupAreaAvailability': openCalendar,
    'POST /api/Log': respond(204),
    ...routes,
  });
  renderWithProviders(
    <>
      <Route path="/BookGroup/:propertyCode">
        {(params) => (
          <GroupGate propertyCode={params.propertyCode}>
            <BookGroupPage />
          </GroupGate>
        )}
      </Route>
      <Address />
    </>,
    { path: address },
  );
  return calls;
}

const searches = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/Availability/SearchPropertyGroup').map((call) => call.body as PropertyGroupSearchRequest);

const answered = (answer: PropertyGroupSearchResponse): ApiRoutes => ({ 'POST /api/Availability/SearchPropertyGroup': answer });

/** Picks a day on the calendar, turning months until it shows. */
async function pickDate(iso: string) {
  for (let tries = 0; tries < 3 && document.querySelector(`[data-date="${iso}"]`) === null; tries += 1) {
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  }
  const day = document.querySelector<HTMLButtonElement>(`[data-date="${iso}"]`);
  if (day === null) throw new Error(`${iso} is not on the calendar`);
  await userEvent.click(day);
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Our hotels' }))
    .getAllByRole('listitem')
    .filter((item) => item.dataset.testid === 'group-property');

describe('Property-group search (/BookGroup/{propertyCode})', () => {
  it("frames the page under the group's name and searches every hotel with the chosen stay, putting the search in the address", async () => {
    const calls = renderAt('/BookGroup/TEST', answered(aGroupSearchResponse([aGroupSearchResult()], { DateFrom: arrive, DateTo: depart })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Hotels Collection' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search our hotels | Test Hotels Collection'));
    expect(screen.queryByRole('navigation', { name: 'Booking steps' })).not.toBeInTheDocument();
    expect(screen.getByTestId('arrival-date')).toHaveTextContent('Not chosen');

    await pickDate(arrive);
    await pickDate(depart);
    await userEvent.click(screen.getByRole('button', { name: 'More Adults' }));
    await userEvent.type(screen.getByLabelText('Promo code'), 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: 'Search our hotels' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Test Hotel' })).toBeInTheDocument();
    expect(searches(calls)).toEqual([
      {
        PropertyGroupId: 3,
        LanguageCode: 'en',
        PromoCode: 'SPRING',
        RatePlanCode: null,
        DateFrom: arrive,
        DateTo: depart,
        Rooms: [{ NumberOfAdults: 3, NumberOfChildren: 0, NumberOfInfants: 0 }],
        DisplayCurrency: 'GBP',
      },
    ]);
    expect(screen.getByTestId('address')).toHaveTextContent(
      `/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=3&children=0&rooms=1&promo=SPRING`,
    );
  });

  it("shows the cards in the server's order with the converted price, the few rooms left and the Choose rooms link", async () => {
    const answer = aGroupSearchResponse(
      [
        aGroupSearchResult({
          PropertyId: 8,
          PropertyCode: 'TEST2',
          PropertyName: 'Canal House',
          // €100.00 a night for 2 nights = €200.00; at 1.17 EUR to the pound: 100 / 1.17 = £85.47 a night, 200 / 1.17 = £170.94 in all.
          LowestPrice: { Total: 200, PerNight: 100, Currency: 'EUR', Converted: { Total: 170.94, PerNight: 85.47, Currency: 'GBP' } },
          RoomsLeft: 2,
        }),
        // 2 nights x £120.00 = £240.00, in the property's own pounds (nothing to convert).
        aGroupSearchResult({ LowestPrice: { Total: 240, PerNight: 120, Currency: 'GBP', Converted: null }, RoomsLeft: 4 }),
      ],
      { DateFrom: arrive, DateTo: depart },
    );
    renderAt(`/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2`, answered(answer));

    await screen.findByRole('heading', { level: 3, name: 'Canal House' });
    const [canal, test] = cards();
    expect(within(canal!).getByRole('heading', { level: 3 })).toHaveTextContent('Canal House');
    expect(within(test!).getByRole('heading', { level: 3 })).toHaveTextContent('Test Hotel');

    expect(canal).toHaveTextContent('£85.47 per night');
    expect(canal).toHaveTextContent('£170.94 total for 2 nights');
    expect(canal).toHaveTextContent('3-star hotel');
    expect(canal).toHaveTextContent('2 Canal Street, Testdam');
    expect(within(canal!).getByTestId('availability-badge')).toHaveTextContent('Only 2 rooms left');
    expect(within(canal!).getByRole('link', { name: 'Choose rooms at Canal House' })).toHaveAttribute(
      'href',
      `/Book/TEST2?arrive=${arrive}&depart=${depart}&adults=2&children=0&rooms=1`,
    );

    expect(test).toHaveTextContent('£120.00 per night');
    expect(test).toHaveTextContent('£240.00 total for 2 nights');
    expect(within(test!).getByRole('img', { name: 'Test Hotel' })).toHaveAttribute('src', '/test/test-hotel.svg');
    // 4 rooms left is above the 3 at which the property's own page says how few remain.
    expect(within(test!).queryByTestId('availability-badge')).not.toBeInTheDocument();
  });

  it('says why a hotel cannot sell the stay and searches again on one of its alternative dates', async () => {
    const alternativeFrom = addDays(arrive, 7);
    const alternativeTo = addDays(depart, 7);
    const blocked = aGroupSearchResponse(
      [
        aGroupSearchResult({
          CanSell: false,
          LowestPrice: null,
          RoomsLeft: null,
          Blocked: { Reason: 'SoldOut', Message: 'Test Hotel is fully booked on your dates.' },
          // 2 nights x £90.00 = £180.00.
          AlternativeDates: [
            {
              DateFrom: alternativeFrom,
              DateTo: alternativeTo,
              LowestPrice: { Total: 180, PerNight: 90, Currency: 'GBP', Converted: null },
            },
          ],
        }),
      ],
      { DateFrom: arrive, DateTo: depart },
    );
    const open = aGroupSearchResponse([aGroupSearchResult()], { DateFrom: alternativeFrom, DateTo: alternativeTo });
    const calls = renderAt(`/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2`, {
      'POST /api/Availability/SearchPropertyGroup': ({ body }: { body: unknown }) =>
        (body as PropertyGroupSearchRequest).DateFrom === arrive ? blocked : open,
    });

    expect(await screen.findByText('Test Hotel is fully booked on your dates.')).toBeInTheDocument();
    const [card] = cards();
    expect(within(card!).queryByRole('link', { name: /Choose rooms/ })).not.toBeInTheDocument();
    // Alternatives exist, so this is not the page's empty state.
    expect(screen.queryByText('No hotel can take this stay')).not.toBeInTheDocument();

    await userEvent.click(within(card!).getByRole('button', { name: /from £180\.00/ }));
    expect(await screen.findByRole('link', { name: 'Choose rooms at Test Hotel' })).toBeInTheDocument();
    expect(searches(calls).map((request) => [request.DateFrom, request.DateTo])).toEqual([
      [arrive, depart],
      [alternativeFrom, alternativeTo],
    ]);
    expect(screen.getByTestId('address')).toHaveTextContent(`arrive=${alternativeFrom}&depart=${alternativeTo}`);
  });

  it('says so when no hotel can sell the stay and none has nearby dates', async () => {
    const nothing = aGroupSearchResult({
      CanSell: false,
      LowestPrice: null,
      RoomsLeft: null,
      Blocked: { Reason: 'PartyDoesNotFit', Message: 'No room here takes 2 adults.' },
    });
    renderAt(`/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2`, answered(aGroupSearchResponse([nothing])));
    expect(await screen.findByText('No hotel can take this stay')).toBeInTheDocument();
    expect(screen.getByText('No room here takes 2 adults.')).toBeInTheDocument();
  });

  const promoSearch = `/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2&promo=DOUBLE10`;

  it('shows a promo code some hotel took as applied, with its message', async () => {
    const taken = aGroupSearchResponse([aGroupSearchResult()], { IsPromoCodeValid: true, PromoCodeMessage: '10% off our doubles' });
    renderAt(promoSearch, answered(taken));
    const notice = (await screen.findByText('10% off our doubles')).parentElement!;
    expect(within(notice).getByText('Promo code applied')).toBeInTheDocument();
    expect(notice).not.toHaveAttribute('role', 'alert');
  });

  it('warns of a promo code no hotel took, with the reason', async () => {
    const reason = 'This promo code applies only to rooms that cannot take your guests.';
    renderAt(promoSearch, answered(aGroupSearchResponse([aGroupSearchResult()], { IsPromoCodeValid: false, PromoCodeMessage: reason })));
    const notice = (await screen.findByText(reason)).parentElement!;
    expect(within(notice).getByText('Promo code')).toBeInTheDocument();
    expect(notice).toHaveAttribute('role', 'alert');
  });

  it('opens a shareable link with its form filled and its search made, the party shared over its rooms', async () => {
    const calls = renderAt(
      `/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=3&children=1&rooms=2&promo=WELCOME10`,
      answered(aGroupSearchResponse([aGroupSearchResult()], { DateFrom: arrive, DateTo: depart })),
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Test Hotel' })).toBeInTheDocument();
    expect(screen.getByTestId('arrival-date')).not.toHaveTextContent('Not chosen');
    expect(screen.getAllByRole('group', { name: /Room \d/ })).toHaveLength(2);
    expect(screen.getByLabelText('Promo code')).toHaveValue('WELCOME10');
    // 3 adults over 2 rooms: 2 and 1; 1 child: in the first room.
    expect(searches(calls)[0]).toMatchObject({
      DateFrom: arrive,
      DateTo: depart,
      PromoCode: 'WELCOME10',
      Rooms: [
        { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 },
        { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 },
      ],
    });
  });

  it.each([
    ['past dates', `arrive=${addDays(today, -3)}&depart=${addDays(today, -1)}&adults=2`],
    ['a departure before the arrival', `arrive=${depart}&depart=${arrive}&adults=2`],
    ['more rooms than adults', `arrive=${arrive}&depart=${depart}&adults=1&rooms=2`],
    ['a date that is not one', `arrive=2030-02-30&depart=2030-03-02`],
  ])('opens a link with %s as the empty form, without searching or complaining', async (_, query) => {
    const calls = renderAt(`/BookGroup/TEST?${query}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Hotels Collection' })).toBeInTheDocument();
    expect(screen.getByTestId('arrival-date')).toHaveTextContent('Not chosen');
    expect(screen.getByText(/Choose your dates and guests/)).toBeInTheDocument();
    // The toasts' live regions are always there; nothing may be said in them.
    expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', '']);
    expect(searches(calls)).toEqual([]);
  });

  it("asks the group calendar for the months in view and shows each night's lowest price, closing nights no hotel has", async () => {
    const open = addDays(today, 1);
    const closed = addDays(today, 2);
    const calls = renderAt('/BookGroup/TEST', {
      'POST /api/Availability/SearchPropertyGroupAreaAvailability': {
        Currency: 'GBP',
        Nights: [
          { Date: open, PropertiesAvailable: 2, LowestPrice: 90 },
          { Date: closed, PropertiesAvailable: 0, LowestPrice: null },
        ],
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Test Hotels Collection' });
    const openDay = await screen.findByRole('button', { name: /from £90\.00 at 2 hotels/ });
    expect(openDay).toHaveAttribute('data-date', open);
    expect(openDay).toHaveTextContent('£90');
    expect(document.querySelector(`[data-date="${closed}"]`)).toHaveAttribute('aria-disabled', 'true');
    const request = calls.find((call) => call.path === '/api/Availability/SearchPropertyGroupAreaAvailability')?.body;
    // The first month shown starts today; two months shown end at the end of the next month.
    expect(request).toMatchObject({
      PropertyGroupId: 3,
      DateFrom: today,
      DateTo: addDays(addMonths(`${today.slice(0, 7)}-01`, 2), -1),
      Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      DisplayCurrency: 'GBP',
    });
  });

  it('asks for prices in the currency the guest picks', async () => {
    const calls = renderAt(`/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2`, {
      'GET /api/Property/TEST': aProperty({ PropertyGroupId: 3, AvailableCurrencies: ['GBP', 'EUR'] }),
      'GET /api/CurrencyExchangeRate': { Base: 'GBP', Rates: { EUR: 1.17 } },
      ...answered(aGroupSearchResponse([aGroupSearchResult()], { DateFrom: arrive, DateTo: depart })),
    });
    await screen.findByRole('heading', { level: 3, name: 'Test Hotel' });
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await waitFor(() => expect(searches(calls).map((request) => request.DisplayCurrency)).toEqual(['GBP', 'EUR']));
  });

  it('tells a failed search and tries again', async () => {
    let attempts = 0;
    renderAt(`/BookGroup/TEST?arrive=${arrive}&depart=${depart}&adults=2`, {
      'POST /api/Availability/SearchPropertyGroup': () => {
        attempts += 1;
        return attempts === 1
          ? respond(503, { Message: 'The search is busy. Please try again.' })
          : aGroupSearchResponse([aGroupSearchResult()]);
      },
    });
    expect(await screen.findByText('The search is busy. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Test Hotel' })).toBeInTheDocument();
  });

  it('shows Not found for a property in no group', async () => {
    const calls = renderAt('/BookGroup/TEST', { 'GET /api/Property/TEST': aProperty({ PropertyGroupId: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/PropertyGroup'))).toBe(false);
  });
});
