/* global document -- page.evaluate bodies run in the browser */
import { search } from '../support/guest-steps.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 360, height: 740 }, context: { isMobile: true, hasTouch: true } };

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  const fits = async (label) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 360, `${label} fits 360 px (page is ${width} px wide)`);
  };
  await search(session, { from: arrival, to: departure });
  await fits('the search');
  await page.getByText('Good news, your selection is available').waitFor();
  await fits('rooms and rates');
  await page.getByRole('button', { name: 'See rates for Harbour Double' }).click();
  await fits('the rates');
  await session.snap('rates');
  await page.goto('/Book/DEMO/Restaurant');
  await page.getByRole('group', { name: 'Available times' }).waitFor();
  await fits('the table booking');
  await session.snap('restaurant');
}
