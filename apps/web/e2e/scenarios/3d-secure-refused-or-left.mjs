// The bank refuses the 3-D Secure check, then the guest leaves the bank's page with Back: each
// time the guest is back at the checkout with the basket and the details, the room held for the
// payment is given back, and paying by another card then books once.
import { roomsLeft } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { confirmAndLand, fillCard, readyToConfirm } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { baseUrl }) {
  const { page } = session;
  const from = isoDaysAhead(76);
  const to = isoDaysAhead(77);
  const stay = { from, to, roomType: 'Harbour Double', adults: 1 };
  const left = await roomsLeft(baseUrl, stay);
  await readyToConfirm(session, {
    from,
    to,
    adults: 1,
    room: { roomType: 'Harbour Double', rate: 'Advance Purchase' },
    booker: { first: 'Rosa', last: 'Parks', email: 'rosa.parks@example.com' },
    specialRequests: 'Feather-free pillows',
    card: { number: '4000 0000 0000 3220', securityCode: '318' },
  });
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // The bank says no.
  await page.getByRole('button', { name: /Fail/i }).waitFor({ timeout: 30_000 });
  check((await roomsLeft(baseUrl, stay)) === left - 1, 'the room is held while the bank checks');
  await session.snap('challenge', { axe: false });
  await page.getByRole('button', { name: /Fail/i }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 30_000 });
  const refused = page.getByText('Your booking is not made yet').locator('..');
  await refused.waitFor();
  const message = await refused.textContent();
  check(message.includes('Your bank could not confirm this payment'), `the bank's reason is shown (${message})`);
  check(!message.includes('..'), `no full stop twice (${message})`);
  check((await page.getByLabel('First name', { exact: true }).inputValue()) === 'Rosa', 'the details are kept');
  check((await page.getByLabel('Special requests').inputValue()) === 'Feather-free pillows', 'the special requests are kept');
  check((await page.getByTestId('basket-item').count()) === 1, 'the basket is kept');
  check((await roomsLeft(baseUrl, stay)) === left, 'the held room is given back');
  await session.snap('refused-back-at-checkout');

  // Again with the challenge card, and this time the guest leaves the bank's page with Back.
  await fillCard(page, '4000 0000 0000 3220', '318');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: /Approve/i }).waitFor({ timeout: 30_000 });
  await page.goBack();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await page.getByText(/is waiting for your bank/).waitFor();
  check((await page.getByLabel('Email address', { exact: true }).inputValue()) === 'rosa.parks@example.com', 'the details are kept');
  check((await roomsLeft(baseUrl, stay)) === left - 1, 'the room is still held for the payment left waiting');
  await session.snap('back-from-the-bank');

  // Paying with another card releases the hold first: one room taken in all.
  await fillCard(page, '4242 4242 4242 4242', '318');
  await confirmAndLand(session);
  check((await roomsLeft(baseUrl, stay)) === left - 1, 'one room taken in all');
}
