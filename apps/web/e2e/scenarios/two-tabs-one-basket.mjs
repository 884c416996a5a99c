// The checkout opened in a second tab on the same basket (the tab duplicated): booking in one
// tab warns the other, and confirming there too shows the same booking instead of a second one.
import { roomsLeft } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, fillBooker, fillCard, search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { baseUrl }) {
  const { page, context } = session;
  const from = isoDaysAhead(88);
  const to = isoDaysAhead(89);
  const stay = { from, to, roomType: 'Harbour Double', adults: 2 };
  const left = await roomsLeft(baseUrl, stay);
  await search(session, { from, to });
  await chooseRoom(session, { extras: [], lead: ['Ada', 'Byron'] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();

  // A duplicated tab starts with a copy of the first tab's session storage.
  const storage = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const second = await context.newPage();
  await second.addInitScript((entries) => {
    if (sessionStorage.length === 0) for (const [key, value] of JSON.parse(entries)) sessionStorage.setItem(key, value);
  }, storage);
  await second.goto(page.url());
  await second.getByRole('heading', { name: 'Checkout' }).waitFor();

  for (const tab of [page, second]) {
    await fillBooker(tab, { first: 'Ada', last: 'Byron', email: 'ada.byron@example.com' });
    await fillCard(tab, '4242 4242 4242 4242', '911');
    await tab.getByLabel(/I agree to the/).check();
  }
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  const number = (await page.getByTestId('reservation-number').textContent()).trim();
  await second.getByText('Booked in another window').waitFor();

  await second.getByRole('button', { name: 'Confirm booking' }).click();
  await second.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  check((await second.getByTestId('reservation-number').textContent()).trim() === number, 'the second tab shows the same booking');
  check((await roomsLeft(baseUrl, stay)) === left - 1, 'one room was taken, not two');
  await session.snap('one-booking');
  await second.close();
}
