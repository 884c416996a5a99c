import { search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  await search(session, { from: arrival, to: departure, promoCode: 'NOSUCHCODE' });
  await page.getByText('Promo code', { exact: true }).waitFor();
  await session.snap('invalid-promo');
  await search(session, { from: arrival, to: departure, promoCode: 'WELCOME10' });
  await page.getByText('Promo code applied').waitFor();
  await page.getByRole('button', { name: 'See rates for Harbour Double' }).click();
  const flexible = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Flexible Rate' }) });
  check((await flexible.locator('s').count()) > 0, 'the undiscounted price is struck through');
  check(await flexible.getByText('Welcome offer').isVisible(), 'the promotion is named on the rate');
  await session.snap('discounted-rates');
}
