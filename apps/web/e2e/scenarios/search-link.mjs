/* global document, window -- addInitScript and page.evaluate bodies run in the browser */
// A shareable search link (a hotel's site, metasearch, an e-mail campaign) opens on Rooms and
// Rates for the stay it names; Back leads to the search filled with that stay, not to the link
// again. A link with a past stay opens the empty search, without an error. The page as served
// describes the hotel in a JSON-LD script that the content security policy lets be.
import { isoDaysAhead } from '../support/dates.mjs';
import { check } from '../support/session.mjs';

export default async function run(session) {
  const { page } = session;
  const arrive = isoDaysAhead(70);
  const depart = isoDaysAhead(72);
  const searches = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/Availability/Search') searches.push(JSON.parse(request.postData() ?? '{}'));
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective));
  });

  // 3 adults and a child over 2 rooms, with the campaign's promo code.
  const link = new URLSearchParams({ arrive, depart, adults: '3', children: '1', rooms: '2', promo: 'WELCOME10' });
  await page.goto(`/Book/DEMO?${link}`);
  await page.getByText('Good news, your selection is available').waitFor();
  check(new URL(page.url()).pathname === '/Book/DEMO/Rooms-And-Rates', 'the link lands on Rooms and Rates');
  await page.getByText('Promo code applied').waitFor();
  await page.getByText(/Room 1 of 2: 2 adults, 1 child/i).waitFor();
  check(searches.length === 1, `the link searched once (${searches.length})`);
  const [made] = searches;
  check(made.DateFrom === arrive && made.DateTo === depart, `the link's stay was searched (${made.DateFrom} to ${made.DateTo})`);
  check(
    JSON.stringify(made.Rooms.map((room) => [room.NumberOfAdults, room.NumberOfChildren])) === '[[2,1],[1,0]]',
    `the party is shared over the rooms (${JSON.stringify(made.Rooms)})`,
  );
  await session.snap('linked-rooms-and-rates');

  // The hotel, described in the served page; a data script the policy does not block.
  const hotel = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent());
  check(hotel['@type'] === 'Hotel' && hotel.name === 'The Harbour House', `the page describes the hotel (${hotel.name})`);
  check(hotel.starRating?.ratingValue === 4, 'with its star rating');

  // Back: the search page filled with the link's stay, not the link searching again.
  await page.goBack();
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  check(new URL(page.url()).search === '', 'Back leads to the plain search page');
  check((await page.getByTestId('arrival-date').textContent()) !== 'Not chosen', 'the search shows the link’s stay');
  check((await page.getByRole('spinbutton', { name: 'Adults' }).count()) === 2, 'with its two rooms');
  await page.goForward();
  await page.getByText('Good news, your selection is available').waitFor();
  await page.reload();
  await page.getByText('Good news, your selection is available').waitFor();
  check(
    searches.every((search) => search.DateFrom === arrive && search.DateTo === depart),
    'Back, Forward and a reload keep the link’s search',
  );

  // A link to a stay in the past: the empty search, nothing searched, no error.
  const before = searches.length;
  await page.goto(`/Book/DEMO2?arrive=${isoDaysAhead(-3)}&depart=${isoDaysAhead(-1)}&adults=2`);
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  await page.getByRole('button', { name: 'Search availability' }).waitFor();
  check((await page.getByTestId('arrival-date').textContent()) === 'Not chosen', 'a past stay leaves the dates unchosen');
  check((await page.getByText(/cannot be in the past|Please choose/).count()) === 0, 'without an error');
  check(searches.length === before, 'and without a search');
  await session.snap('past-link-empty-search');

  const violations = await page.evaluate(() => window.cspViolations);
  check(violations.length === 0, `no content security policy violation (${violations.join(', ')})`);
}
