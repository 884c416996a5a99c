import { search } from '../support/guest-steps.mjs';
import { sellOut } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { check } from '../support/session.mjs';

export default async function run(session, { baseUrl }) {
  const { page } = session;
  const night = isoDaysAhead(90);
  await sellOut(baseUrl, night);
  await search(session, { from: isoDaysAhead(89), to: isoDaysAhead(91) });
  await page.getByText('Sorry, your selection is not available.').waitFor();
  await page.getByRole('heading', { name: 'Other dates you can book' }).waitFor();
  const alternatives = page.getByRole('heading', { name: 'Other dates you can book' }).locator('..').getByRole('button');
  const count = await alternatives.count();
  check(count > 0 && count <= 10, `between 1 and 10 alternative stays (${count})`);
  await session.snap('sold-out');
  await alternatives.first().click();
  await page.getByText('Good news, your selection is available').waitFor();
  await session.snap('alternative-chosen');
}
