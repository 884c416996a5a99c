/* global document -- page.evaluate bodies run in the browser */
// A guest on a phone checks in online from the link of the confirmation e-mail: every step from
// Start to Complete with the keyboard's Enter where a form submits (booker, room, guests, an extra
// added and charged, a card kept on file, summary), then opens the link again and finds the saved details.
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, fillCard, search } from '../support/guest-steps.mjs';
import { mailsTo } from '../support/mail.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

const EMAIL = 'pat.precheck@example.com';

async function noSidewaysScroll(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `${where}: no sideways scrolling on a phone (page is ${width} px wide)`);
}

export default async function run(session, { server }) {
  const { page } = session;
  // A stay of its own, far from the other scenarios' nights.
  await search(session, { from: isoDaysAhead(170), to: isoDaysAhead(172) });
  await chooseRoom(session, { roomType: 'Harbour Double', extras: [], lead: ['Pat', 'Precheck'] });
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Pat', last: 'Precheck', email: EMAIL });
  await fillCard(page, '4242 4242 4242 4242', '735');
  await page.getByLabel(/I agree to the/).check();
  const reservationNumber = await confirmAndLand(session);

  const [confirmationMail] = await mailsTo(server, EMAIL, 1);
  check(confirmationMail !== undefined, 'the confirmation e-mail was sent');
  const link = /https?:\/\/\S+?(\/PreCheckIn\/[^\s"<>]+)/.exec(confirmationMail.text)?.[1];
  check(link !== undefined, 'the confirmation e-mail carries the pre-check-in link');
  await page.goto(link);
  await page.getByRole('heading', { name: 'Check in online' }).waitFor();
  check(await page.getByText(`Reservation number ${reservationNumber}`).isVisible(), 'the link opens the booking it was sent for');
  check((await page.title()).startsWith('Pre Check In'), 'the page is titled Pre Check In');
  await noSidewaysScroll(page, 'the start');
  await session.snap('pre-check-in-start');
  await page.getByRole('button', { name: 'Start' }).click();

  await page.getByRole('heading', { name: 'Booker details' }).waitFor();
  await session.snap('pre-check-in-booker');
  await page.getByLabel('Telephone').fill('+44 117 900 0300');
  // The demo hotel asks the booker's city at pre-check-in, which checkout did not.
  await page.getByLabel(/^City/).fill('Bristol');
  await page.getByLabel(/^City/).press('Enter');

  // The room and each of its guests, as the review loop leads: on a phone, on to each guest.
  const roomHeading = page.getByRole('heading', { name: /^Room 1: Harbour Double$/ });
  await roomHeading.waitFor();
  const bed = page.getByLabel('Bed configuration');
  if (await bed.isVisible()) await bed.selectOption({ index: 1 });
  await noSidewaysScroll(page, 'the room');
  await session.snap('pre-check-in-room');
  await page.getByRole('button', { name: 'Continue' }).click();
  const guestHeading = page.getByRole('heading', { name: /^Room 1: Harbour Double, guest \d+$/ });
  const extrasHeading = page.getByRole('heading', { name: 'Extras' });
  let guests = 0;
  for (;;) {
    await guestHeading.or(extrasHeading).waitFor();
    if (!(await guestHeading.isVisible())) break;
    guests += 1;
    // The booked names stay; a guest nobody named yet gets one. The demo hotel asks each guest's e-mail.
    if ((await page.getByLabel(/^First name/).inputValue()) === '') await page.getByLabel(/^First name/).fill(`Guest${guests}`);
    if ((await page.getByLabel(/^Last name/).inputValue()) === '') await page.getByLabel(/^Last name/).fill('Precheck');
    await page.getByLabel(/^Email/).fill(`guest${guests}.precheck@example.com`);
    await session.snap(`pre-check-in-guest-${guests}`);
    await page.getByLabel(/^Last name/).press('Enter');
    await extrasHeading.or(guestHeading.and(page.getByText(`guest ${guests + 1}`))).waitFor();
  }
  await session.snap('pre-check-in-extras');
  // Parking for the stay, added by keyboard: 18.00 a night x 2 nights = 36.00, charged to the card on save.
  await page.getByRole('button', { name: 'Add extras to Room 1: Harbour Double' }).click();
  await page.getByRole('heading', { name: 'Extras for Room 1: Harbour Double' }).waitFor();
  await page.getByLabel('Parking, £36.00').focus();
  await page.keyboard.press('Space');
  check(await page.getByText('1 × Parking: £36.00').isVisible(), 'the extra chosen shows its price for the stay');
  await noSidewaysScroll(page, 'the extras chooser');
  await session.snap('pre-check-in-extras-chooser');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('heading', { name: 'Extras', exact: true }).waitFor();
  check(await page.getByText('1 × Parking: £36.00').isVisible(), 'the Extras step lists the extra added');
  check(await page.getByText(/^New total: /).isVisible(), 'the Extras step shows the new total');
  check(
    await page.getByText('£36.00 will be charged to your card when you save.').isVisible(),
    'the Extras step says what will be charged',
  );
  await session.snap('pre-check-in-extras-added');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Card on file' }).waitFor();
  await fillCard(page, '5555 5555 5555 4444', '462');
  await noSidewaysScroll(page, 'the card');
  await session.snap('pre-check-in-card');
  await page.getByLabel('Security code').press('Enter');

  await page.getByRole('heading', { name: 'Summary' }).waitFor();
  await page.getByLabel('Special requests (optional)').fill('A quiet room, please');
  check(await page.getByText('Card ending 4444').isVisible(), 'the summary shows the card to keep on file');
  check(await page.getByText('1 × Parking: £36.00').isVisible(), 'the summary shows the extra added');
  check(await page.getByText('£36.00 will be charged to your card when you save.').isVisible(), 'the summary shows what will be charged');
  await noSidewaysScroll(page, 'the summary');
  await session.snap('pre-check-in-summary');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { name: 'Pre-check-in complete' }).waitFor({ timeout: 30_000 });
  await session.snap('pre-check-in-complete');

  // The link opened again: the saved details, under the notice that pre-check-in is done.
  await page.goto(link);
  await page.getByRole('heading', { name: 'Summary' }).waitFor();
  const details = page.locator('section', { has: page.getByRole('heading', { name: 'Summary' }) });
  check(await details.getByText('+44 117 900 0300').isVisible(), 'the reopened link shows the booker’s saved telephone');
  check(guests > 0, 'the review loop led through the room’s guests');
  check(await details.getByText(/guest1\.precheck@example\.com/).isVisible(), 'the reopened link shows the saved guest');
  check(await details.getByText(/ending 4444/).isVisible(), 'the reopened link shows the card kept on file');
  check(await details.getByText('1 × Parking: £36.00').isVisible(), 'the reopened link shows the extra added, saved');
  check(!(await page.getByText(/will be charged to your card/).isVisible()), 'nothing more is to be charged once saved');
  check(
    (await page.getByLabel('Special requests (optional)').inputValue()) === 'A quiet room, please',
    'the reopened link shows the saved special requests',
  );
  await session.snap('pre-check-in-reopened');
}
