import { search, chooseRoom, fillBooker, fillCard, confirmAndLand } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await search(session, { from: arrival, to: departure });
  await chooseRoom(session, { extras: ['Breakfast', 'Parking'] });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  check(page.url().includes('/Checkout'), 'desktop summary step goes to Checkout');
  await session.snap('checkout-empty');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByText('Please check the highlighted fields').waitFor();
  check(await page.getByText('A valid email address is required').isVisible(), 'the e-mail message shows');
  check(await page.getByText('A valid phone number is required').isVisible(), 'the phone message shows');
  await session.snap('checkout-errors');
  await fillBooker(page);
  await fillCard(page, '4242 4242 4242 4242', '739');
  check((await page.getByTestId('card-type').textContent()).includes('Visa'), 'card type detected as Visa');
  await page.getByLabel('Special requests').fill('A quiet room, please');
  await page.getByLabel('Who referred you?').fill('A friend');
  await page.getByLabel(/I agree to the/).check();
  await session.snap('checkout-filled');
  const reservation = await confirmAndLand(session);
  check(/\S/.test(reservation ?? ''), 'a reservation number is shown');
  for (const name of ['Book a Table', 'Manage Booking', 'Add Extras', 'Print Confirmation', 'Book another room', 'Back to Hotel Website']) {
    check(await page.getByRole('navigation', { name: 'What next' }).getByText(name).isVisible(), `confirmation offers ${name}`);
  }
  check((await page.getByText('Breakfast').count()) > 0, 'the extras are on the confirmation');
  await page.emulateMedia({ media: 'print' });
  await session.snap('confirmation-print', { axe: false });
  check(!(await page.getByRole('navigation', { name: 'What next' }).isVisible()), 'the print stylesheet hides the buttons');
  await page.emulateMedia({ media: 'screen' });
}
