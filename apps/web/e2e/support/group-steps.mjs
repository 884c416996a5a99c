// What a guest does on the group search page (/BookGroup/{code}): search a stay across the
// group, read its cards, follow one into its property's Rooms and Rates.
import { pickDate } from './guest-steps.mjs';
import { check } from './session.mjs';

export const GROUP_NAME = 'Demo Hotels Collection';
export const HOTELS = { DEMO: 'The Harbour House', DEMO2: 'Hotel Grachtenhuis' };

/** Waits for the search's answer: every hotel of the demo group as a card. */
export async function groupCards(page) {
  await page.getByText('Searching our hotels…').waitFor({ state: 'detached' });
  const list = page.getByRole('list', { name: 'Our hotels' });
  for (const name of Object.values(HOTELS)) await list.getByRole('heading', { level: 3, name }).waitFor();
  return list;
}

/** Opens a group page (`path` with any query) and waits for its form: the page loads after its frame. */
export async function openGroupPage(page, path) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: GROUP_NAME }).waitFor();
  await page.getByRole('button', { name: 'Search our hotels' }).waitFor();
}

/** Opens the group page of `property` and searches `from`..`to` for the default party (2 adults). */
export async function searchGroup(session, { from, to, property = 'DEMO' }) {
  const { page } = session;
  await openGroupPage(page, `/BookGroup/${property}`);
  if (!(await page.locator('#date-picker').isVisible())) await page.getByRole('button', { name: 'Choose dates' }).click();
  await pickDate(page, from);
  await pickDate(page, to);
  check(
    (await page.getByRole('spinbutton', { name: 'Adults' }).first().getAttribute('aria-valuenow')) === '2',
    'the group search starts with 2 adults',
  );
  await session.snap('group-search');
  await page.getByRole('button', { name: 'Search our hotels' }).click();
  return groupCards(page);
}

/** The query a link to this stay for 2 adults in one room carries (packages/domain/src/search-link.ts). */
export function stayQuery(from, to) {
  return `arrive=${from}&depart=${to}&adults=2&children=0&rooms=1`;
}

/**
 * Follows "Choose rooms" of the first hotel that can sell the stay (Grachtenhuis first: other
 * scenarios book the Harbour House) into its booking flow, and checks the stay came along: in
 * the address, and in the search Rooms and Rates makes when the page runs a link's search.
 */
export async function chooseRoomsFromGroup(session, list, { from, to }) {
  const { page } = session;
  const codes = [];
  for (const [code, name] of [
    ['DEMO2', HOTELS.DEMO2],
    ['DEMO', HOTELS.DEMO],
  ]) {
    if ((await list.getByRole('link', { name: `Choose rooms at ${name}` }).count()) > 0) codes.push([code, name]);
  }
  check(codes.length > 0, 'a hotel of the group can sell the stay');
  const [code, name] = codes[0];
  const link = list.getByRole('link', { name: `Choose rooms at ${name}` });
  check(
    (await link.getAttribute('href')) === `/Book/${code}?${stayQuery(from, to)}`,
    `Choose rooms at ${name} links to its booking with the stay`,
  );

  const searched = [];
  const onRequest = (request) => {
    if (new URL(request.url()).pathname === '/api/Availability/Search') searched.push(request.postDataJSON());
  };
  page.on('request', onRequest);
  // Keyboard: the link is reached and followed as any link is.
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith(`/Book/${code}`));
  // /Book makes a link's search and opens Rooms and Rates on its answer.
  await page.getByRole('heading', { name: 'Rooms and Rates' }).waitFor();
  await page.getByText('Searching for available rooms…').waitFor({ state: 'detached' });
  check(searched.length > 0, 'Rooms and Rates searched');
  const made = searched.at(-1);
  check(made.DateFrom === from && made.DateTo === to, `Rooms and Rates searched the group's stay (${made.DateFrom}..${made.DateTo})`);
  check(
    made.Rooms.length === 1 && made.Rooms[0].NumberOfAdults === 2,
    `Rooms and Rates searched the group's party (${JSON.stringify(made.Rooms)})`,
  );
  page.off('request', onRequest);
  await session.snap(`chose-${code}`);
  return code;
}
