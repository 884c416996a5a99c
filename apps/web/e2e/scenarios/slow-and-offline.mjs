/* global window -- page.evaluate bodies run in the browser */
// On a slow line the page says it is loading and the header keeps its height when the logo
// arrives; a search made offline says so and runs once the connection is back.
import { isoDaysAhead } from '../support/dates.mjs';
import { pickDate } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export default async function run(session) {
  const { page, context } = session;
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The scripts and the logo come slowly.
  await page.route(/\/assets\/.*\.js$|harbour-house-logo\.svg$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/Book/DEMO', { waitUntil: 'commit' });
  await page.getByText('Loading the booking page…').waitFor();
  await page.getByRole('button', { name: 'Search availability' }).waitFor();
  const header = page.locator('header');
  const before = (await header.boundingBox()).height;
  await page.waitForResponse(/harbour-house-logo\.svg$/);
  await page.waitForLoadState('networkidle');
  const after = (await header.boundingBox()).height;
  check(before === after, `the header keeps its height when the logo arrives (${before} -> ${after} px)`);
  const shift = await page.evaluate(() => window.layoutShift);
  check(shift < 0.05, `the layout hardly shifts while the page loads (${shift.toFixed(3)})`);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Offline: Search says so, and searches once the connection is back.
  if (!(await page.locator('#date-picker').isVisible())) await page.getByRole('button', { name: 'Choose dates' }).click();
  await pickDate(page, isoDaysAhead(86));
  await pickDate(page, isoDaysAhead(87));
  session.expectConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Search availability' }).click();
  await page.getByText('You are offline', { exact: true }).waitFor();
  await page.getByTestId('offline-banner').waitFor();
  await session.snap('search-offline');
  await context.setOffline(false);
  await page.getByRole('heading', { name: 'Rooms and Rates' }).waitFor({ timeout: 30_000 });
  await page.getByText('Good news, your selection is available').waitFor();
  check(!(await page.getByTestId('offline-banner').isVisible()), 'the banner goes when the connection is back');
}
