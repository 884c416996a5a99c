// An e-mail address with an apostrophe and a plus sign books like any other (the e-mail message
// stays for what is really invalid), and a one-night stay reads "1 night".
import { isoDaysAhead } from '../support/dates.mjs';
import { chooseRoom, confirmAndLand, fillBooker, fillCard, search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session) {
  const { page } = session;
  await search(session, { from: isoDaysAhead(80), to: isoDaysAhead(81) });
  await chooseRoom(session, { extras: [], lead: ['Mary', "O'Neill"] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check(await page.getByText(/, 1 night$/).isVisible(), 'the summary says "1 night"');
  await fillBooker(page, { first: 'Mary', last: "O'Neill", email: 'mary.o' });
  await fillCard(page, '4242 4242 4242 4242', '502');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByText('A valid email address is required').waitFor();
  await page.getByLabel('Email address', { exact: true }).fill("mary.o'neill+harbour@example.com");
  await confirmAndLand(session);
  check(await page.getByText("mary.o'neill+harbour@example.com").first().isVisible(), 'the confirmation has the address');
}
