/** Needs the restaurant API. */
export function skipped({ restaurantsExist }) {
  return restaurantsExist ? null : 'the restaurant API is not there yet';
}

export default async function run(session, { arrival }) {
  const { page } = session;
  await page.goto('/Book/DEMO/Restaurant');
  await page.getByRole('heading', { name: 'Book a table' }).waitFor();
  await page.getByLabel('Date').fill(arrival);
  await page.getByLabel('Party size').selectOption('2');
  const firstTime = page.getByRole('group', { name: 'Available times' }).locator('label').first();
  await firstTime.waitFor();
  await firstTime.click();
  await page.getByLabel('Name or reservation number').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Contact number').fill('+44 117 900 0400');
  await page.getByLabel('Special requests').fill('Window table if possible');
  await session.snap('table-form');
  await page.getByRole('button', { name: 'Book table' }).click();
  await page.getByTestId('table-reference').waitFor();
  await session.snap('table-booked');
  await page.getByRole('button', { name: 'Book another table' }).click();
  await page.getByRole('button', { name: 'Book table' }).waitFor();
}
