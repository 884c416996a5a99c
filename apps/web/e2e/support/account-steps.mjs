// Account steps that go through the mail: the links the API mailed are read from its outbox
// files (the .eml files of the embedded mail transport) and opened as the guest would.
import { secrets } from './secrets.mjs';
import { readMails } from './secrets-scan.mjs';

/** The link to `/Account/{page}/...` in the newest mail to `address`, waiting for the API to write it. */
async function accountLinkMailedTo(server, address, page) {
  const link = new RegExp(`https?://\\S+/Account/${page}/\\S+?[?&]token=[A-Za-z0-9_-]+`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = readMails(server.dataDir)
      .reverse()
      .find(({ text }) => /^To: (.*)$/m.exec(text)?.[1].includes(address) && link.test(text));
    if (mail) return link.exec(mail.text)[0];
    if (Date.now() > deadline) throw new Error(`no ${page} link was mailed to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens the e-mailed confirmation link in the browser, as the guest would, and waits for its answer. */
export async function confirmEmailByLink(session, server, address) {
  const link = await accountLinkMailedTo(server, address, 'ConfirmEmail');
  await session.page.goto(link);
  await session.page.getByText('Thank you, your email address is confirmed.').waitFor();
  await session.snap('email-confirmed');
}

/**
 * From the login dialog's "Forgot your password?" to a new password: asks for a link on the
 * Forgot Password page, opens the mailed link and sets `password` there. Answers the password.
 */
export async function resetPasswordByLink(session, server, address, password) {
  const { page } = session;
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await page.getByText('If an account exists for this email address').waitFor();
  const link = await accountLinkMailedTo(server, address, 'ResetPassword');
  secrets.passwords.add(password);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('You can now log in with your new password.').waitFor();
  await session.snap('password-reset');
  await page.getByRole('link', { name: 'Go to booking' }).click();
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  return password;
}
