// A Stripe property's checkout (the run's fake Stripe, support/fake-stripe.mjs): the card is
// typed in Stripe's Payment Element (the fake Stripe.js, its fields in a frame of its own
// origin), goes from there to the fake Stripe, and the booking is sent with the payment method
// it made, never with the card.
// - A missing card is said at the card, with the focus taken into Stripe's frame; 4242 books.
// - The 3-D Secure card goes to the fake's check page; completing it lands on the confirmation.
// - A guest who closes the tab on the check page: the bank completes it later, Stripe's signed
//   webhook settles the payment, and the booking is confirmed (its status, its mail).
// No request to our API carries a card number typed at Stripe; the run's secrets scan looks
// for them in the API's log, database and mails too.
import { readFileSync } from 'node:fs';
import { api } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, fillBooker, search } from '../support/guest-steps.mjs';
import { mailsTo } from '../support/mail.mjs';
import { check } from '../support/session.mjs';
import { apiRequestsOf, checkCardsWentOnlyToStripe, STRIPE_FRAME, stripeFieldsShown, typeCardAtStripe } from '../support/stripe-steps.mjs';

export function skipped(env) {
  return env.stripe ? null : 'the suite runs against E2E_BASE_URL, which has no fake Stripe';
}

/** Search, room, booker and terms at the Stripe property, up to Stripe's card fields. */
async function toCheckout(session, property, { from, to, booker }) {
  const { page } = session;
  await search(session, { from, to, adults: 1, property });
  await chooseRoom(session, { roomType: 'Harbour Double', extras: [], lead: [booker.first, booker.last] });
  await stripeFieldsShown(page);
  await fillBooker(page, booker);
  await page.getByLabel(/I agree to the/).check();
}

export default async function run(session, env) {
  const { page } = session;
  const { fake, property } = env.stripe;
  const apiRequests = apiRequestsOf(page);
  const created = [];
  // Create's answers, read as they pass: a 3-D Secure answer is followed by a navigation, after which the browser keeps no body.
  await page.route('**/api/Reservation/Create', async (route) => {
    const response = await route.fetch();
    if (response.ok()) created.push(await response.json());
    await route.fulfill({ response });
  });

  // 4242: nothing typed first, then the card.
  await toCheckout(session, property, {
    from: isoDaysAhead(70),
    to: isoDaysAhead(72),
    booker: { first: 'Mary', last: 'Jackson', email: 'mary.jackson@example.com' },
  });
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('group', { name: 'Card details' }).getByText('Your card number is incomplete.').waitFor();
  await page.frameLocator(STRIPE_FRAME).locator('#number:focus').waitFor();
  await session.snap('card-missing');
  await typeCardAtStripe(page, { number: '4242 4242 4242 4242', cvc: '424' });
  await session.snap('card-typed');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await page.getByTestId('reservation-number').waitFor();
  await session.snap('confirmation');
  const create = apiRequests.find((request) => request.includes('/api/Reservation/Create'));
  check(create !== undefined && /"PaymentMethodId":"pm_\w+"/.test(create), 'the booking was not sent with a payment method');

  // 3-D Secure, completed by the guest.
  await toCheckout(session, property, {
    from: isoDaysAhead(74),
    to: isoDaysAhead(75),
    booker: { first: 'Dorothy', last: 'Vaughan', email: 'dorothy.vaughan@example.com' },
  });
  await typeCardAtStripe(page, { number: '4000 0027 6000 3184', cvc: '318' });
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: 'Complete authentication' }).waitFor({ timeout: 30_000 });
  await session.snap('challenge', { axe: false });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await session.snap('confirmation-after-challenge');

  // 3-D Secure left: the guest closes the tab on the check page; the bank completes it later.
  const email = 'katherine.johnson@example.com';
  await toCheckout(session, property, {
    from: isoDaysAhead(78),
    to: isoDaysAhead(79),
    booker: { first: 'Katherine', last: 'Johnson', email },
  });
  await typeCardAtStripe(page, { number: '4000 0027 6000 3184', cvc: '318' });
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: 'Complete authentication' }).waitFor({ timeout: 30_000 });
  const intentId = /\/fake\/3ds\/([^/?]+)/.exec(page.url())?.[1];
  check(intentId !== undefined, `the check page names no PaymentIntent (${page.url()})`);
  const booking = created.at(-1);
  check(booking?.ChallengeUrl, 'the last booking was not sent to the bank’s check');
  await page.close();
  // Nobody asks the API about this booking from here on: only the webhook can confirm it.
  fake.api.answerChallenge(intentId, 'complete');
  check(fake.api.eventsFor(intentId, 'payment_intent.succeeded').length === 1, 'the fake sent no payment_intent.succeeded');
  const mails = await mailsTo(env.server, email);
  check(
    mails.some(({ text }) => text.includes(booking.ReservationNumber)),
    `no mail to ${email} names booking ${booking.ReservationNumber}: the webhook did not confirm it`,
  );
  const { PropertyId } = (await api(env.baseUrl, 'GET', `/Property/${property}`)).body;
  const status = (
    await api(env.baseUrl, 'GET', `/Reservation/Status?propertyId=${PropertyId}&referenceNumber=${booking.ConfirmationToken}`)
  ).body;
  check(status?.Status === 'Confirmed', `the booking left at the check is not confirmed (${JSON.stringify(status)})`);
  check(
    /"url":"\/api\/Payments\/Webhook\/stripe"\},"res":\{"statusCode":200\}/.test(readFileSync(env.server.logFile, 'utf8')),
    'the API log shows no webhook from the fake Stripe taken',
  );

  // The cards went to Stripe, and none of them to our API.
  checkCardsWentOnlyToStripe(fake, apiRequests);
}
