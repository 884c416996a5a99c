// The connection drops after Confirm reached the hotel. The guest is told the booking may or
// may not have gone through and cannot book again until that is known; whether the guest edits
// the special requests and checks again, or reloads the page, the end is the one booking that
// was made (one room taken, one e-mail).
import { roomsLeft } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { readyToConfirm } from '../support/guest-steps.mjs';
import { mailsTo } from '../support/mail.mjs';
import { check } from '../support/session.mjs';

const from = isoDaysAhead(72);
const to = isoDaysAhead(73);
const stay = { from, to, roomType: 'Harbour Double', adults: 2 };

/**
 * Confirms with the line cut: the request reaches the hotel and books, its answer never comes
 * back, and asking what became of it fails too until `reconnect()` is called.
 */
async function confirmWhileTheLineIsDown(session) {
  const { page } = session;
  let online = false;
  await page.route('**/api/Reservation/Create', async (route) => {
    if (online) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.route(/\/api\/(Reservation\/CreateOutcome|Log)/, (route) => (online ? route.continue() : route.abort('internetdisconnected')));
  session.expectConsoleError(/ERR_CONNECTION_RESET|ERR_INTERNET_DISCONNECTED/);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByText('We could not confirm whether your booking went through').waitFor();
  return () => {
    online = true;
  };
}

export default async function run(session, { baseUrl, server }) {
  const { page } = session;
  const before = await roomsLeft(baseUrl, stay);

  // An edit while the answer is unknown, then Check again.
  await readyToConfirm(session, {
    from,
    to,
    booker: { first: 'Nikola', last: 'Tesla', email: 'lost.answer@example.com' },
    specialRequests: 'Ground floor, please',
    card: { number: '5555 5555 5555 4444', securityCode: '627' },
  });
  const reconnect = await confirmWhileTheLineIsDown(session);
  await page.getByRole('button', { name: 'Check again' }).waitFor();
  check(
    await page.getByRole('button', { name: 'Confirm booking' }).isDisabled(),
    'Confirm is not offered again before the answer is known',
  );
  // What the guest did before: change the special requests and try again.
  await page.getByLabel('Special requests').fill('Ground floor and a cot, please');
  await session.snap('answer-lost');
  reconnect();
  await page.getByRole('button', { name: 'Check again' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await session.snap('the-booking-made');
  check(await page.getByText('Ground floor, please').isVisible(), 'the confirmation is the booking that was made');
  check((await roomsLeft(baseUrl, stay)) === before - 1, 'one room was taken');
  if (server.dataDir) {
    await mailsTo(server, 'lost.answer@example.com');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = await mailsTo(server, 'lost.answer@example.com');
    check(mails.length === 1, `one confirmation e-mail (${mails.length})`);
  }

  // A reload while the answer is unknown: the page finds out first.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await readyToConfirm(session, {
    from,
    to,
    booker: { first: 'Lise', last: 'Meitner', email: 'lise@example.com' },
    card: { number: '4242 4242 4242 4242', securityCode: '733' },
  });
  const online = await confirmWhileTheLineIsDown(session);
  online();
  await page.reload();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await session.snap('found-after-reload');
  check((await roomsLeft(baseUrl, stay)) === before - 2, 'one room was taken by each booking');
}
