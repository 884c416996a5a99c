// Another guest books the last Family Room while this guest is at checkout: the refusal stays on
// the page, the room is taken out of the basket, the room list is the hotel's fresh answer, and
// what was typed at checkout is still there once another room is chosen.
import { bookViaApi, roomsLeft } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, fillCard, search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { baseUrl }) {
  const { page } = session;
  const from = isoDaysAhead(74);
  const to = isoDaysAhead(75);
  const family = { from, to, roomType: 'Family Room', adults: 2 };
  const left = await roomsLeft(baseUrl, family);
  if (left > 1) await bookViaApi(baseUrl, { ...family, count: left - 1 });

  await search(session, { from, to });
  const familyCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Family Room' }) });
  await familyCard.getByTestId('availability-badge').waitFor();
  check((await familyCard.getByTestId('availability-badge').textContent()).includes('Only 1 room left'), 'one Family Room is left');
  await chooseRoom(session, { roomType: 'Family Room', rate: 'Flexible Rate', extras: [], lead: ['Nellie', 'Bly'] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Nellie', last: 'Bly', email: 'nellie.bly@example.com' });
  await fillCard(page, '4242 4242 4242 4242', '294');
  await page.getByLabel('Special requests').fill('We arrive after 22:00');
  await page.getByLabel(/I agree to the/).check();

  // Meanwhile someone else books the last Family Room.
  await bookViaApi(baseUrl, { ...family, count: 1 });
  session.expectConsoleError(/status of 409/);
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await page.getByRole('heading', { name: 'Rooms and Rates' }).waitFor();
  await page.getByText('Sorry, your booking has changed').waitFor();
  // Once the hotel's fresh answer is in, the notice names the room taken out.
  await page.getByText(/Room 1 \(Family Room\) was just booked by someone else/).waitFor();
  await page.getByRole('button', { name: 'See rates for Harbour Double' }).waitFor();
  check((await page.getByRole('button', { name: 'See rates for Family Room' }).count()) === 0, 'the sold room is no longer offered');
  await session.snap('room-sold-meanwhile');
  // The notice stays: it is no toast that goes after 5 seconds.
  await page.waitForTimeout(5500);
  check(await page.getByText('Sorry, your booking has changed').isVisible(), 'the notice is still there');

  await chooseRoom(session, { roomType: 'Harbour Double', rate: 'Flexible Rate', extras: [], lead: ['Nellie', 'Bly'] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check((await page.getByLabel('First name', { exact: true }).inputValue()) === 'Nellie', 'the first name is kept');
  check((await page.getByLabel('Email address', { exact: true }).inputValue()) === 'nellie.bly@example.com', 'the e-mail is kept');
  check((await page.getByLabel('Special requests').inputValue()) === 'We arrive after 22:00', 'the special requests are kept');
  check((await page.getByLabel('Card number').inputValue()) === '', 'the card number is not kept');
  await session.snap('details-kept');
  await fillCard(page, '4242 4242 4242 4242', '294');
  await confirmAndLand(session);
}
