import { search, chooseRoom, fillBooker, fillCard, confirmAndLand } from '../support/guest-steps.mjs';
import { confirmEmailByLink, resetPasswordByLink } from '../support/account-steps.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { secrets } from '../support/secrets.mjs';
import { check } from '../support/session.mjs';

/** Needs the accounts API. */
export function skipped({ accountExists }) {
  return accountExists ? null : 'the account API is not there yet';
}

export default async function run(session, { server }) {
  const { page } = session;
  await page.goto('/Account/Register/DEMO');
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Email address').fill('katherine@example.com');
  await page.getByLabel('Mobile number').fill('+44 7700 900123');
  let password = 'orbital-mechanics-1962';
  secrets.passwords.add(password);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('User registration successful, check your email to confirm').waitFor();
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  await session.snap('registered');
  if (server.dataDir) {
    await confirmEmailByLink(session, server, 'katherine@example.com');
    await page.getByRole('link', { name: 'Go to booking' }).click();
    await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email address').fill('katherine@example.com');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome back Katherine').waitFor();
  await session.noteSessionCookie();
  await page.getByRole('button', { name: 'Menu' }).click();
  check(await page.getByRole('link', { name: 'Manage Account' }).isVisible(), 'a logged-in user can manage the account');
  await session.snap('logged-in-menu');
  await page.getByRole('link', { name: 'Manage Account' }).click();
  await page.getByRole('heading', { name: 'Manage Account' }).waitFor();
  check((await page.getByLabel('First name').inputValue()) === 'Katherine', 'Manage Account shows the account');
  await page.getByLabel('Telephone').fill('+44 7700 900456');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Your details have been saved successfully').waitFor();
  await session.snap('manage-account');
  // Its own dates: the other scenarios have taken most Harbour Doubles of the main stay.
  await search(session, { from: isoDaysAhead(66), to: isoDaysAhead(67), adults: 1 });
  await chooseRoom(session, { rate: 'Advance Purchase', extras: [] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check((await page.getByLabel('First name', { exact: true }).inputValue()) === 'Katherine', 'the booker is filled from the account');
  check(
    (await page.getByLabel('Email address', { exact: true }).inputValue()) === 'katherine@example.com',
    'the e-mail is filled from the account',
  );
  check(!(await page.getByText('Create an account (optional)').isVisible()), 'no account offer to a logged-in user');
  await session.snap('checkout-logged-in');
  // An American Express card (four-digit security code), kept for next time: the saved card's token is the gateway's.
  await fillBooker(page, { first: 'Katherine', last: 'Johnson', email: 'katherine@example.com' });
  await fillCard(page, '3782 822463 10005', '7391');
  await page.getByLabel('Save this card for future bookings').check();
  await page.getByLabel(/I agree to the/).check();
  await confirmAndLand(session);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByText('You have been successfully logged out').waitFor();
  if (!server.dataDir) return;
  password = await resetPasswordByLink(session, server, 'katherine@example.com', 'hypersonic-glide-1969');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog.getByLabel('Email address').fill('katherine@example.com');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome back Katherine').waitFor();
  await session.noteSessionCookie();
  await session.snap('logged-in-after-reset');
}
