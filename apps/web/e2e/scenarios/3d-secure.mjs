import { search, chooseRoom, fillBooker, fillCard } from '../support/guest-steps.mjs';
import { isoDaysAhead } from '../support/dates.mjs';

export default async function run(session, _env) {
  const { page } = session;
  await search(session, { from: isoDaysAhead(64), to: isoDaysAhead(65), adults: 1 });
  await chooseRoom(session, { roomType: 'Harbour Double', rate: 'Advance Purchase', extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Rosalind', last: 'Franklin', email: 'rosalind@example.com' });
  await fillCard(page, '4000 0000 0000 3220', '264');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: /Approve/i }).waitFor({ timeout: 30_000 });
  await session.snap('challenge', { axe: false });
  await page.getByRole('button', { name: /Approve/i }).click();
  await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
  await page.getByText('Booking has been made successfully').first().waitFor();
  await session.snap('confirmation');
}
