import { search, chooseRoom, fillBooker, confirmAndLand } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Isambard', last: 'Brunel', email: 'ikb@example.com' });
  await page.getByLabel('Pay by Invoice').check();
  await page.getByLabel('Company', { exact: true }).fill('Acme');
  await page.getByRole('button', { name: 'Acme Engineering Ltd' }).click();
  await page.getByLabel('PO number').fill('PO-4471');
  await page.getByLabel(/I agree to the/).check();
  check(await page.getByText('Company invoices are payable within 30 days').isVisible(), 'custom terms show for a company invoice');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByText('Please accept these terms to pay by invoice').waitFor();
  await page.getByLabel('I accept the corporate booking terms').check();
  await session.snap('invoice');
  await confirmAndLand(session);
  check(
    await page.getByText('Company invoice to Acme Engineering Ltd, PO PO-4471').isVisible(),
    'the confirmation names the company and PO',
  );
}
