import { search, chooseRoom, fillBooker, fillCard, confirmAndLand, moneyOf } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  const before = moneyOf(await page.getByTestId('booking-total').textContent());
  await page.getByLabel(/Gift voucher code/).fill('NOT-A-VOUCHER');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await page.locator('[data-toast="negative"]').waitFor();
  await session.snap('voucher-invalid');
  await page.getByLabel(/Gift voucher code/).fill('GIFT-25-DEMO');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await page.getByTestId('voucher-message').waitFor();
  const after = moneyOf(await page.getByTestId('booking-total').textContent());
  check(Math.abs(before - after - 25) < 0.001, `the voucher takes £25 off (${before} -> ${after})`);
  await session.snap('voucher-applied');
  await fillBooker(page, { first: 'Mary', last: 'Somerville', email: 'mary@example.com' });
  await fillCard(page, '4242424242424242', '917');
  await page.getByLabel(/I agree to the/).check();
  await confirmAndLand(session);
  check(await page.getByText('Gift voucher').first().isVisible(), 'the confirmation shows the voucher discount');
}
