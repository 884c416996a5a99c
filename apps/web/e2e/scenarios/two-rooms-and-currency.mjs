import { pickDate, fillBooker, fillCard, confirmAndLand } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await page.goto('/Book/DEMO');
  await page.getByRole('heading', { name: 'Book your stay' }).waitFor();
  await pickDate(page, arrival);
  await pickDate(page, departure);
  await page.getByRole('button', { name: /Add another room/ }).click();
  await page.getByRole('button', { name: 'Fewer Adults' }).nth(1).click();
  await page.getByRole('button', { name: 'Search availability' }).click();
  await page.getByText('Good news, your selection is available').waitFor();
  for (const room of [1, 2]) {
    await page.getByText(`Room ${room} of 2`).waitFor();
    await page.getByRole('button', { name: 'See rates for Harbour Double' }).click();
    await page.getByRole('button', { name: 'Book Bed and Breakfast' }).click();
  }
  const headings = {
    upgrade: page.getByRole('heading', { name: /Upgrade your/ }),
    guest: page.getByRole('heading', { name: 'Who is staying?' }),
    extras: page.getByRole('heading', { name: 'Add extras to your stay' }),
    checkout: page.getByRole('heading', { name: 'Checkout', exact: true }),
  };
  const seen = [];
  for (let step = 0; step < 8; step += 1) {
    await headings.upgrade.or(headings.guest).or(headings.extras).or(headings.checkout).first().waitFor();
    if (await headings.checkout.isVisible()) break;
    const room = (await page.locator('[data-step] p').first().textContent())?.trim() ?? '';
    if (await headings.upgrade.isVisible()) {
      seen.push(`upgrade ${room}`);
      await page.getByRole('button', { name: /No thanks/ }).click();
    } else if (await headings.guest.isVisible()) {
      seen.push(`guest ${room}`);
      await page.getByLabel('Lead guest first name').fill(room.startsWith('Room 1') ? 'Marie' : 'Pierre');
      await page.getByLabel('Lead guest last name').fill('Curie');
      const configuration = page.getByLabel('Room configuration');
      await configuration.locator('option').nth(1).waitFor({ state: 'attached' });
      await configuration.selectOption({ index: 1 });
      await session.snap(`guest-${seen.length}`);
      await page.getByRole('button', { name: 'Continue' }).click();
    } else {
      seen.push(`extras ${room}`);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page
      .getByText(room)
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }
  check(seen.filter((entry) => entry.startsWith('guest')).length === 2, `a lead guest for each room (${seen.join(', ')})`);
  await headings.checkout.waitFor();
  check((await page.getByTestId('basket-item').count()) === 2, 'both rooms are in the summary');
  const pounds = await page.getByTestId('booking-total').textContent();
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByText(/you will be charged/).waitFor();
  const euros = await page.getByTestId('booking-total').textContent();
  check(pounds.startsWith('£') && euros.startsWith('€'), `prices shown in euros (${pounds} -> ${euros})`);
  await session.snap('checkout-in-euros');
  await fillBooker(page, { first: 'Marie', last: 'Curie', email: 'marie@example.com' });
  await fillCard(page, '4242424242424242', '582');
  await page.getByLabel(/I agree to the/).check();
  await confirmAndLand(session);
  check((await page.getByText(/^Room \d: Harbour Double$/).count()) === 2, 'two rooms on the confirmation');
  check((await page.getByTestId('confirmation-total').textContent()).startsWith('£'), 'the confirmation is in the charged currency');
  await page.getByLabel('Currency').selectOption('GBP');
}
