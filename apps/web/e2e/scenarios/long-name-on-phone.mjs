/* global document -- page.evaluate bodies run in the browser */
// A very long unbroken name on a 390 px phone: every page wraps it instead of growing wider,
// and a name longer than a field takes is stopped at the field with its limit.
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, fillCard, search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

const LONG = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(8); // 280 letters, no space

export default async function run(session) {
  const { page } = session;
  const fits = async (label) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `${label} fits 390 px (page is ${width} px wide)`);
  };
  await search(session, { from: isoDaysAhead(82), to: isoDaysAhead(83) });
  await chooseRoom(session, { extras: [], lead: [LONG, LONG] });
  await page.getByRole('heading', { name: 'Booking summary' }).waitFor();
  check(
    (await page.getByText(/^Lead guest:/).textContent()).length < LONG.length * 2,
    'the lead guest field stopped the name at its limit',
  );
  await fits('the summary with a long lead guest name');
  await session.snap('summary');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: LONG, last: LONG, email: 'long.name@example.com' });
  check((await page.getByLabel('First name', { exact: true }).inputValue()).length === 200, 'the first name field takes 200 characters');
  await fillCard(page, '4242 4242 4242 4242', '641');
  // The booker's 401-character name is longer than a card holder's may be: the card says its own.
  await page.getByLabel('Name on card').fill('W Long');
  await page.getByLabel(/I agree to the/).check();
  await fits('the checkout');
  await confirmAndLand(session);
  await fits('the confirmation');
}
