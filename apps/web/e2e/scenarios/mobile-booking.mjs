/* global document -- page.evaluate bodies run in the browser */
import { search, chooseRoom, fillBooker, fillCard, confirmAndLand } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { upgradeTo: "Captain's Suite", extras: ['Breakfast'], lead: ['Alan', 'Turing'] });
  await page.getByRole('heading', { name: 'Booking summary' }).waitFor();
  check(page.url().includes('Rooms-And-Rates'), 'mobile stays on Rooms and Rates for the summary');
  check((await page.getByText("Captain's Suite").count()) > 0, 'the upgrade is in the basket');
  await session.snap('summary');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Alan', last: 'Turing', email: 'alan@example.com' });
  await fillCard(page, '5555 5555 5555 4444', '846');
  check((await page.getByTestId('card-type').textContent()).includes('Mastercard'), 'card type detected as Mastercard');
  await page.getByLabel(/I agree to the/).check();
  await session.snap('checkout');
  await confirmAndLand(session);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `no sideways scrolling on a phone (page is ${width} px wide)`);
}
