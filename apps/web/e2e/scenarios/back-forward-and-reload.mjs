// Back and Forward move through the wizard's steps, and a reload, Back or Forward keeps what was
// typed in the search and at checkout (never the card).
import { isoDaysAhead } from '../support/dates.mjs';
import { fillBooker, pickDate } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session) {
  const { page } = session;
  const from = isoDaysAhead(84);
  const to = isoDaysAhead(85);

  // A half-filled search survives a reload.
  await page.goto('/Book/DEMO');
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  if (!(await page.locator('#date-picker').isVisible())) await page.getByRole('button', { name: 'Choose dates' }).click();
  await pickDate(page, from);
  await pickDate(page, to);
  await page.getByRole('button', { name: 'More Adults' }).first().click();
  const arrival = await page.getByTestId('arrival-date').textContent();
  await page.reload();
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  check((await page.getByTestId('arrival-date').textContent()) === arrival, 'the dates are kept through a reload');
  check((await page.getByRole('spinbutton', { name: 'Adults' }).first().getAttribute('aria-valuenow')) === '3', 'the guests are kept');
  await page.getByRole('button', { name: 'Fewer Adults' }).first().click();
  await page.getByRole('button', { name: 'Search availability' }).click();
  await page.getByText('Good news, your selection is available').waitFor();

  // Each step is a history entry.
  await page.getByRole('button', { name: 'See rates for Harbour Double' }).click();
  await page.getByRole('button', { name: 'Book Flexible Rate' }).click();
  await page.getByRole('heading', { name: /Upgrade your/ }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'Book Flexible Rate' }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'See rates for Harbour Double' }).waitFor();
  check(page.url().includes('Rooms-And-Rates'), 'Back from the rates stays on Rooms and Rates');
  await page.goForward();
  await page.getByRole('button', { name: 'Book Flexible Rate' }).waitFor();
  await page.goForward();
  await page.getByRole('heading', { name: /Upgrade your/ }).waitFor();
  await page.getByRole('button', { name: /No thanks/ }).click();
  await page.getByLabel('Lead guest first name').fill('Grace');
  await page.getByLabel('Lead guest last name').fill('Hopper');
  await page.getByLabel('Room configuration').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Add extras to your stay' }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Who is staying?' }).waitFor();
  check((await page.getByLabel('Lead guest first name').inputValue()) === 'Grace', 'Back to the lead guest shows what was saved');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Add extras to your stay' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The checkout keeps what was typed through a reload, Back and Forward; the card starts empty.
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await fillBooker(page, { first: 'Grace', last: 'Hopper', email: 'grace.hopper@example.com' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Special requests').fill('Near the lift');
  await page.reload();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check(
    (await page.getByLabel('Email address', { exact: true }).inputValue()) === 'grace.hopper@example.com',
    'the e-mail survives a reload',
  );
  check((await page.getByLabel('Special requests').inputValue()) === 'Near the lift', 'the special requests survive a reload');
  check((await page.getByLabel('Card number').inputValue()) === '', 'the card is never kept');
  await page.goBack();
  await page.getByRole('heading', { name: 'Add extras to your stay' }).waitFor();
  await page.goForward();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check((await page.getByLabel('Street').inputValue()) === '1 Harbourside', 'the address survives Back and Forward');
  await session.snap('checkout-after-back-and-forward');
}
