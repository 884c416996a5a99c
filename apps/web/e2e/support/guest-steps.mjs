// What a guest does in the browser, step by step: search, choose a room, fill the checkout,
// confirm. Scenarios compose these; each step screenshots and scans the page it reaches.
import { secrets } from './secrets.mjs';

/** Picks a day on the search calendar, paging months forward until it shows. */
export async function pickDate(page, iso) {
  const day = page.locator(`[data-date="${iso}"]`);
  for (let tries = 0; tries < 40 && !(await day.isVisible()); tries += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
}

export async function search(session, { from, to, adults = 2, promoCode, property = 'DEMO' }) {
  const { page } = session;
  await page.goto(`/Book/${property}`);
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  if (!(await page.locator('#date-picker').isVisible())) await page.getByRole('button', { name: 'Choose dates' }).click();
  await pickDate(page, from);
  await pickDate(page, to);
  const adultsValue = page.getByRole('spinbutton', { name: 'Adults' }).first();
  for (let tries = 0; tries < 6 && Number(await adultsValue.getAttribute('aria-valuenow')) < adults; tries += 1) {
    await page.getByRole('button', { name: 'More Adults' }).first().click();
  }
  for (let tries = 0; tries < 6 && Number(await adultsValue.getAttribute('aria-valuenow')) > adults; tries += 1) {
    await page.getByRole('button', { name: 'Fewer Adults' }).first().click();
  }
  if (promoCode) await page.getByLabel('Promo code').fill(promoCode);
  await session.snap('search');
  await page.getByRole('button', { name: 'Search availability' }).click();
  await page.getByRole('heading', { name: 'Rooms and Rates' }).waitFor();
  await page.getByText('Searching for available rooms…').waitFor({ state: 'detached' });
}

/** Room type -> rate -> upgrade -> lead guest -> extras, as a guest would. */
export async function chooseRoom(
  session,
  { roomType = 'Harbour Double', rate = 'Flexible Rate', upgradeTo = null, extras = ['Breakfast'], lead = ['Ada', 'Lovelace'] } = {},
) {
  const { page } = session;
  await page.getByText('Good news, your selection is available').waitFor();
  await session.snap('rooms');
  await page.getByRole('button', { name: `See rates for ${roomType}` }).click();
  await page.getByRole('button', { name: `Book ${rate}` }).waitFor();
  await session.snap('rates');
  await page.getByRole('button', { name: `Book ${rate}` }).click();
  const upgradeHeading = page.getByRole('heading', { name: /Upgrade your/ });
  const guestHeading = page.getByRole('heading', { name: 'Who is staying?' });
  await upgradeHeading.or(guestHeading).waitFor();
  if (await upgradeHeading.isVisible()) {
    await session.snap('upgrade');
    if (upgradeTo) await page.getByRole('button', { name: `Upgrade to ${upgradeTo}` }).click();
    else await page.getByRole('button', { name: /No thanks/ }).click();
  }
  await guestHeading.waitFor();
  await page.getByLabel('Lead guest first name').fill(lead[0]);
  await page.getByLabel('Lead guest last name').fill(lead[1]);
  const configuration = page.getByLabel('Room configuration');
  await configuration.waitFor();
  const options = await configuration.locator('option').allTextContents();
  await configuration.selectOption({ label: options[1] });
  await session.snap('lead-guest');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Add extras to your stay' }).waitFor();
  for (const extra of extras) await page.getByLabel(new RegExp(`^Add ${extra}`)).check();
  await session.snap('extras');
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function fillBooker(page, { first = 'Grace', last = 'Hopper', email = 'grace@example.com' } = {}) {
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Telephone').fill('+44 117 900 0200');
  await page.getByLabel('Street').fill('1 Harbourside');
  await page.getByLabel('Post code').fill('BS1 5TY');
  await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
}

/** Types a card; its number and security code (distinct per scenario, so the scan can tell them from other digits) are noted. */
export async function fillCard(page, number, securityCode) {
  secrets.cardNumbers.add(number);
  secrets.securityCodes.add(securityCode);
  const year = String(new Date().getUTCFullYear() + 2);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(year);
  await page.getByLabel('Security code').fill(securityCode);
}

export async function confirmAndLand(session) {
  const { page } = session;
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await page.getByTestId('reservation-number').waitFor();
  await session.snap('confirmation');
  return (await page.getByTestId('reservation-number').textContent())?.trim();
}

export function moneyOf(text) {
  return Number(String(text).replace(/[^\d.]/g, ''));
}

/**
 * A guest from the search to the Confirm button: searches the stay, chooses a room (no extras
 * unless `room.extras`), fills the booker, the special requests, the card, and agrees to the terms.
 */
export async function readyToConfirm(session, { from, to, adults = 2, room = {}, booker, specialRequests, card }) {
  const { page } = session;
  await search(session, { from, to, adults });
  await chooseRoom(session, { extras: [], lead: [booker.first, booker.last], ...room });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, booker);
  if (specialRequests) await page.getByLabel('Special requests').fill(specialRequests);
  await fillCard(page, card.number, card.securityCode);
  await page.getByLabel(/I agree to the/).check();
}
