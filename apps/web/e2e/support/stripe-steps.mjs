// What a guest does at a Stripe property's checkout: the card is typed in Stripe's Payment
// Element (the run's fake Stripe.js, its fields in a frame of the fake's origin).
import { secrets } from './secrets.mjs';
import { check } from './session.mjs';

/** Stripe's frame: its fields are found inside it, as a guest's screen reader would. */
export const STRIPE_FRAME = 'iframe[title="Secure payment input frame"]';

/** Waits for Stripe's card fields at the checkout; the page itself has none. */
export async function stripeFieldsShown(page) {
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await page.frameLocator(STRIPE_FRAME).getByLabel('Card number').waitFor();
  check((await page.getByLabel('Card number').count()) === 0, 'the page itself has a card number field');
}

/** Types a card in Stripe's frame, as a guest does; the number is noted for the secrets scan. */
export async function typeCardAtStripe(page, { number, expiry = '12 / 34', cvc }) {
  secrets.stripeCardNumbers.add(number);
  const frame = page.frameLocator(STRIPE_FRAME);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill(expiry);
  await frame.getByLabel('Security code').fill(cvc);
}

/** Every request the page sends to our API (address and body), from now on. */
export function apiRequestsOf(page) {
  const requests = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(`${request.url()}\n${request.postData() ?? ''}`);
  });
  return requests;
}

const digitsOf = (text) => text.replace(/\D/g, '');

/** The cards typed at Stripe went to the fake Stripe, and none of them to our API. */
export function checkCardsWentOnlyToStripe(fake, apiRequests) {
  const typed = [...secrets.stripeCardNumbers].map(digitsOf);
  for (const card of typed) check(fake.cardsReceived().includes(card), `the fake Stripe never received card ${card.slice(-4)}`);
  const sent = apiRequests.map(digitsOf);
  check(!sent.some((request) => typed.some((card) => request.includes(card))), 'a card typed at Stripe was sent to the API');
}
