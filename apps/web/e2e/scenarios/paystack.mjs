// A PayStack property (Naira): the guest confirms, is taken to PayStack's checkout (the fake
// PayStack the runner starts), cancels there and is back at the checkout with a clear message
// and the room free again; then pays, and lands on the confirmation.
import { api } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, fillBooker, search } from '../support/guest-steps.mjs';
import { givenPaystackProperty, PAYSTACK_PROPERTY } from '../support/paystack.mjs';
import { check } from '../support/session.mjs';

export function skipped(env) {
  return env.paystack ? null : 'needs the fake PayStack the runner starts (not with E2E_BASE_URL)';
}

/** Whether the property's one Lagos Double is free for the stay. */
async function roomFree(baseUrl, propertyId, { from, to }) {
  const found = await api(baseUrl, 'POST', '/Availability/Search', {
    PropertyId: propertyId,
    LanguageCode: 'en',
    DateFrom: from,
    DateTo: to,
    Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
  });
  if (found.status !== 200) throw new Error(`Search failed: ${found.status} ${JSON.stringify(found.body)}`);
  return Object.values(found.body.NumberOfRoomsPerRoomTypeId ?? {}).some((count) => count > 0);
}

export default async function run(session, { baseUrl }) {
  const { page } = session;
  await givenPaystackProperty(baseUrl);
  const propertyId = (await api(baseUrl, 'GET', `/Property/${PAYSTACK_PROPERTY}`)).body.PropertyId;
  const stay = { from: isoDaysAhead(81), to: isoDaysAhead(83) };
  check(await roomFree(baseUrl, propertyId, stay), 'the room is free before the booking');

  await search(session, { ...stay, adults: 2, property: PAYSTACK_PROPERTY });
  await chooseRoom(session, { roomType: 'Lagos Double', rate: 'Flexible Rate', extras: [], lead: ['Ngozi', 'Adichie'] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Ngozi', last: 'Adichie', email: 'ngozi@example.com' });
  await page.getByText('You will be taken to PayStack to pay once you confirm.').waitFor();
  await page.getByLabel(/I agree to the/).check();
  await session.snap('checkout');

  // At PayStack's checkout: 2 nights x ₦45,000.00 = ₦90,000.00.
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { name: 'PayStack checkout (test)' }).waitFor({ timeout: 30_000 });
  check((await page.textContent('main')).includes('NGN 90,000.00'), 'PayStack is asked for ₦90,000.00');
  check(!(await roomFree(baseUrl, propertyId, stay)), 'the room is held while the guest is at PayStack');
  await session.snap('paystack-checkout', { axe: false });

  // The guest cancels: back at our checkout, told so, the room released.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 30_000 });
  const refused = page.getByText('Your booking is not made yet').locator('..');
  await refused.waitFor();
  const message = await refused.textContent();
  check(message.includes('Your PayStack payment was not completed'), `PayStack's outcome is shown (${message})`);
  check(await roomFree(baseUrl, propertyId, stay), 'the held room is given back');
  await session.snap('cancelled-back-at-checkout');

  // Again, and this time the guest pays.
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { name: 'PayStack checkout (test)' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await page.getByText('Booking has been made successfully').first().waitFor();
  check(!(await roomFree(baseUrl, propertyId, stay)), 'the room is taken by the booking');
  await session.snap('confirmation');
}
