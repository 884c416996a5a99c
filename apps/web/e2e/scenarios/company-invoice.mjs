import { search, chooseRoom, fillBooker, confirmAndLand } from '../support/guest-steps.mjs';
import { confirmEmailByLink } from '../support/account-steps.mjs';
import { secrets } from '../support/secrets.mjs';
import { check } from '../support/session.mjs';

/** A company's booker proves the address by the mailed confirmation link: the local API's outbox only. */
export function skipped({ accountExists, server }) {
  if (!accountExists) return 'the account API is not there yet';
  return server.dataDir ? null : 'confirming the booker’s address reads the local API’s outbox';
}

const BOOKER = 'ikb@example.com';

export default async function run(session, { arrival, departure, server }) {
  const { page } = session;
  // Anyone may type an address at the company's domain: that alone books nothing on its invoice.
  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Isambard', last: 'Brunel', email: BOOKER });
  await page.getByLabel('Pay by Invoice').check();
  await page.getByText('Log in with your company account and confirm your e-mail address to pay by company invoice').waitFor();
  check(!(await page.getByLabel('Company', { exact: true }).isVisible()), 'a guest not logged in is not offered the company search');
  await session.snap('invoice-needs-account');

  // Acme's booker: an account at its domain, its address confirmed by the mailed link, logged in.
  await page.goto('/Account/Register/DEMO');
  await page.getByLabel('First name').fill('Isambard');
  await page.getByLabel('Last name').fill('Brunel');
  await page.getByLabel('Email address').fill(BOOKER);
  await page.getByLabel('Mobile number').fill('+44 7700 900188');
  const password = 'great-western-1838';
  secrets.passwords.add(password);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('User registration successful, check your email to confirm').waitFor();
  await confirmEmailByLink(session, server, BOOKER);
  await page.getByRole('link', { name: 'Go to booking' }).click();
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email address').fill(BOOKER);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome back Isambard').waitFor();
  await session.noteSessionCookie();

  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Isambard', last: 'Brunel', email: BOOKER });
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
