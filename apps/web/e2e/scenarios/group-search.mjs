// The property-group search (/BookGroup/{code}): a stay searched across the demo group, both
// hotels answered, the prices in a chosen currency, one followed into its Rooms and Rates;
// then a shared link opening with its search made.
import { chooseRoomsFromGroup, groupCards, HOTELS, openGroupPage, searchGroup, stayQuery } from '../support/group-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  let list = await searchGroup(session, { from: arrival, to: departure });
  check(page.url().endsWith(`/BookGroup/DEMO?${stayQuery(arrival, departure)}`), `the address holds the search (${page.url()})`);
  check(
    (await page.getByRole('navigation', { name: 'Booking steps' }).count()) === 0,
    "the group page has no single hotel's booking steps",
  );
  await session.snap('group-results');

  const currency = page.getByLabel('Currency');
  if ((await currency.count()) > 0) {
    await currency.selectOption('EUR');
    list = await groupCards(page);
    const harbour = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: HOTELS.DEMO }) });
    if ((await harbour.getByRole('link', { name: /Choose rooms/ }).count()) > 0) {
      // The search is made again in euros: the pounds of the Harbour House give way to euros.
      await harbour.getByText(/€/).first().waitFor();
    }
    await session.snap('group-results-in-euros');
  }

  await chooseRoomsFromGroup(session, list, { from: arrival, to: departure });

  // A shared link opens with its search made.
  await openGroupPage(page, `/BookGroup/DEMO?arrive=${arrival}&depart=${departure}&adults=2`);
  await groupCards(page);
  check((await page.getByTestId('arrival-date').textContent()) !== 'Not chosen', 'the link filled the arrival');
  await session.snap('group-link');

  // A link to a past stay opens the empty form, without complaint.
  await openGroupPage(page, '/BookGroup/DEMO?arrive=2020-01-01&depart=2020-01-03&adults=2');
  check((await page.getByTestId('arrival-date').textContent()) === 'Not chosen', 'a past link leaves the form empty');
  check((await page.getByRole('list', { name: 'Our hotels' }).count()) === 0, 'a past link searches nothing');
}
