// The hotel changes the price while the guest is at checkout: Confirm is refused with the new
// price, which the summary then shows, and one click books it with nothing typed again.
import { changeDemoPrice } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { moneyOf, readyToConfirm } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { baseUrl }) {
  const { page } = session;
  const from = isoDaysAhead(70);
  const to = isoDaysAhead(71);
  await readyToConfirm(session, {
    from,
    to,
    adults: 1,
    room: { roomType: 'Cosy Single', rate: 'Flexible Rate' },
    booker: { first: 'Ida', last: 'Wells', email: 'ida.wells@example.com' },
    specialRequests: 'A desk by the window',
    card: { number: '4242 4242 4242 4242', securityCode: '415' },
  });
  const before = moneyOf(await page.getByTestId('booking-total').textContent());

  // The Single of that night goes up by 21.00 while the guest reads the terms.
  const restore = await changeDemoPrice(baseUrl, {
    ratePlan: 'BAR',
    price: { RoomType: 'SGL', From: from, To: from, BaseRate: before + 21, BaseNumberOfAdults: 1 },
  });
  try {
    session.expectConsoleError(/status of 409/);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByText('The price of your stay has changed', { exact: true }).waitFor();
    const after = moneyOf(await page.getByTestId('booking-total').textContent());
    check(Math.abs(after - (before + 21)) < 0.001, `the summary shows the new price (${before} -> ${after})`);
    check(
      (await page.getByText('The price of your stay has changed', { exact: true }).locator('..').textContent()).includes(
        `£${(before + 21).toFixed(2)}`,
      ),
      'the notice says the new price',
    );
    check((await page.getByLabel('First name', { exact: true }).inputValue()) === 'Ida', 'what was typed is kept');
    await session.snap('price-changed');

    // One click: the new price accepted and the booking made.
    await page.getByRole('button', { name: 'Accept the new price and confirm booking' }).click();
    await page.getByRole('heading', { name: 'Booking confirmation' }).waitFor({ timeout: 30_000 });
    const charged = moneyOf(await page.getByTestId('confirmation-total').textContent());
    check(Math.abs(charged - after) < 0.001, `the booking is at the accepted price (${charged}, shown ${after})`);
    check(await page.getByText('A desk by the window').isVisible(), 'the special requests went with it');
    await session.snap('confirmation');
  } finally {
    await restore();
  }
}
