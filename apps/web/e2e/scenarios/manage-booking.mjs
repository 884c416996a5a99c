/* global document -- page.evaluate bodies run in the browser */
// A guest on a phone manages a booking from the link of the confirmation e-mail: moves the stay
// a week on, sees the price difference before saving, saves and gets the amendment e-mail, then
// cancels with a reason and gets the cancellation e-mail; the rooms are sellable again at once.
import { changeDemoPrice, roomsLeft } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, fillCard, moneyOf, search } from '../support/guest-steps.mjs';
import { mailsTo } from '../support/mail.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

const EMAIL = 'mary.manage@example.com';
const ROOM_TYPE = 'Harbour Double';

async function noSidewaysScroll(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `${where}: no sideways scrolling on a phone (page is ${width} px wide)`);
}

export default async function run(session, { baseUrl, server }) {
  const { page } = session;
  // A stay of its own, far from the other scenarios' nights.
  const from = isoDaysAhead(150);
  const to = isoDaysAhead(152);
  const movedFrom = isoDaysAhead(157);
  const movedTo = isoDaysAhead(159);
  const freeAtNewDates = await roomsLeft(baseUrl, { from: movedFrom, to: movedTo, roomType: ROOM_TYPE });

  await search(session, { from, to });
  await chooseRoom(session, { roomType: ROOM_TYPE, extras: [], lead: ['Mary', 'Somerville'] });
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Mary', last: 'Somerville', email: EMAIL });
  await fillCard(page, '4242 4242 4242 4242', '628');
  await page.getByLabel(/I agree to the/).check();
  const reservationNumber = await confirmAndLand(session);

  // The link of the confirmation e-mail, opened as the guest would.
  const [confirmationMail] = await mailsTo(server, EMAIL, 1);
  check(confirmationMail !== undefined, 'the confirmation e-mail was sent');
  const link = /https?:\/\/\S+?(\/Manage\/[^\s"<>]+\/Reservation\/[^\s"<>]+)/.exec(confirmationMail.text)?.[1];
  check(link !== undefined, 'the confirmation e-mail carries the manage link');
  await page.goto(link);
  await page.getByRole('heading', { name: 'Your booking' }).waitFor();
  check(await page.getByText(`Reservation number ${reservationNumber}`).isVisible(), 'the link opens the booking it was sent for');
  await noSidewaysScroll(page, 'the booking');
  await session.snap('manage-overview');

  // Every step on the way is checked on the phone (and by axe): the room's extras, its upgrades,
  // the booker's and a guest's details; each goes back to the booking unchanged.
  await page.getByRole('button', { name: 'Extras of Room 1: Harbour Double' }).click();
  await page.getByRole('heading', { name: 'Extras for Room 1: Harbour Double' }).waitFor();
  await page.getByText('Loading extras…').waitFor({ state: 'detached' });
  await session.snap('manage-extras');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Upgrade Room 1: Harbour Double' }).click();
  await page.getByRole('heading', { name: 'Upgrade Room 1: Harbour Double' }).waitFor();
  await page.getByText('Loading upgrades…').waitFor({ state: 'detached' });
  await session.snap('manage-upgrades');
  await page.getByRole('button', { name: 'Back to your booking' }).click();
  await page.getByRole('button', { name: 'Edit booker details' }).click();
  await page.getByRole('heading', { name: 'Booker details' }).waitFor();
  await session.snap('manage-booker');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Edit guests of Room 1: Harbour Double' }).click();
  await page.getByRole('button', { name: 'Edit Mary Somerville' }).click();
  await page.getByLabel(/^First name/).waitFor();
  await session.snap('manage-guest');
  await page.getByRole('button', { name: 'Save guest' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your booking' }).waitFor();
  await page.getByRole('button', { name: 'Add a room' }).click();
  await page.getByRole('button', { name: `Choose ${ROOM_TYPE}` }).click();
  await page.getByRole('heading', { name: `Rates for ${ROOM_TYPE}` }).waitFor();
  await session.snap('manage-add-room-rates');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back to your booking' }).click();
  await page.getByRole('heading', { name: 'Your booking' }).waitFor();

  const booked = moneyOf(await page.getByTestId('room-price').textContent());

  // A week on, where the hotel charges 170.00 a night: 2 x 170 = 340, less what was booked.
  const restore = await changeDemoPrice(baseUrl, {
    ratePlan: 'BAR',
    price: { RoomType: 'DBL', From: movedFrom, To: isoDaysAhead(158), BaseRate: 170, BaseNumberOfAdults: 2 },
  });
  const expected = `+£${(340 - booked).toFixed(2)}`;
  try {
    await page.getByRole('button', { name: 'Change dates' }).click();
    await page.getByLabel('Arrival').fill(movedFrom);
    await page.getByLabel('Departure').fill(movedTo);
    await page.getByRole('button', { name: 'Search new dates' }).click();
    const difference = page.getByTestId('date-change-difference');
    await difference.waitFor();
    check((await difference.textContent()) === `Difference: ${expected}`, `the date change shows the difference ${expected}`);
    await session.snap('manage-new-dates');
    await page.getByRole('button', { name: 'Accept new dates' }).click();
    await page.getByRole('button', { name: 'Review changes' }).click();
    await page.getByTestId('quote-difference').waitFor();
    check(
      (await page.getByTestId('quote-difference').textContent()) === expected,
      `the summary shows the difference ${expected} before saving`,
    );
    check(moneyOf(await page.getByTestId('quote-new-total').textContent()) === 340, 'the summary shows the new total, 340.00');
    check(
      (await page.getByTestId('quote-payment').textContent()) === `£${(340 - booked).toFixed(2)} will be charged to your card.`,
      'the summary says the difference is charged to the card',
    );
    await noSidewaysScroll(page, 'the summary');
    await session.snap('manage-summary');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your booking was updated').first().waitFor({ timeout: 30_000 });
  } finally {
    await restore();
  }
  await session.snap('manage-updated');

  const afterAmendment = await mailsTo(server, EMAIL, 2);
  check(afterAmendment.length >= 2, 'the amendment e-mail was sent');
  check(
    afterAmendment.some(
      ({ text }) => text.includes(reservationNumber) && /amend|updated|changed/i.test(text) && text !== confirmationMail.text,
    ),
    'the amendment e-mail names the booking',
  );

  // Cancel with a reason: the booking is cancelled, the guest told at once and by e-mail.
  await page.getByRole('button', { name: 'Back to your booking' }).click();
  await page.getByRole('button', { name: 'Cancel Booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
  await dialog.waitFor();
  const reason = dialog.getByLabel(/Reason for cancelling/);
  const reasons = await reason.locator('option').allTextContents();
  await reason.selectOption({ label: reasons[1] });
  await session.snap('manage-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await page.getByText('Your reservation has been cancelled').waitFor();
  await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
  await session.snap('manage-cancelled');

  const afterCancel = await mailsTo(server, EMAIL, 3);
  check(afterCancel.length >= 3, 'the cancellation e-mail was sent');
  check(
    afterCancel.some(({ text }) => text.includes(reservationNumber) && /cancel/i.test(text)),
    'the cancellation e-mail names the booking',
  );
  check(
    (await roomsLeft(baseUrl, { from: movedFrom, to: movedTo, roomType: ROOM_TYPE })) === freeAtNewDates,
    'the cancelled nights are sellable again at once',
  );
}
