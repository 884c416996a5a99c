/* global document -- page.evaluate bodies run in the browser */
// Stripe's Payment Element on a phone: the summary, then the checkout reached from it, Stripe's
// card fields typed with the phone's numeric keyboard, and the booking made; nothing wider than
// the screen. The card goes to the fake Stripe, never to our API.
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';
import { apiRequestsOf, checkCardsWentOnlyToStripe, STRIPE_FRAME, stripeFieldsShown, typeCardAtStripe } from '../support/stripe-steps.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

export function skipped(env) {
  return env.stripe ? null : 'the suite runs against E2E_BASE_URL, which has no fake Stripe';
}

export default async function run(session, env) {
  const { page } = session;
  const apiRequests = apiRequestsOf(page);
  await search(session, { from: isoDaysAhead(82), to: isoDaysAhead(83), adults: 1, property: env.stripe.property });
  await chooseRoom(session, { roomType: 'Harbour Double', extras: [], lead: ['Annie', 'Easley'] });
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await stripeFieldsShown(page);
  await fillBooker(page, { first: 'Annie', last: 'Easley', email: 'annie.easley@example.com' });
  const number = page.frameLocator(STRIPE_FRAME).getByLabel('Card number');
  check((await number.getAttribute('inputmode')) === 'numeric', 'the card number asks for the numeric keyboard');
  await typeCardAtStripe(page, { number: '5555 5555 5555 4444', cvc: '555' });
  await page.getByLabel(/I agree to the/).check();
  await session.snap('checkout');
  await confirmAndLand(session);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `no sideways scrolling on a phone (page is ${width} px wide)`);
  checkCardsWentOnlyToStripe(env.stripe.fake, apiRequests);
}
