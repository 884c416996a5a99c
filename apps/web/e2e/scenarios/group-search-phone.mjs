/* global document -- page.evaluate bodies run in the browser */
// The property-group search on a 390 px phone: a shared link opening with its answer, a stay
// searched on the one-month calendar, a hotel followed into its booking; nothing wider than
// the screen.
import { chooseRoomsFromGroup, groupCards, openGroupPage, searchGroup } from '../support/group-steps.mjs';
import { check } from '../support/session.mjs';

export const options = { viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } };

export default async function run(session, { arrival, departure }) {
  const { page } = session;
  const fits = async (label) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `${label} fits 390 px (page is ${width} px wide)`);
  };

  await openGroupPage(page, `/BookGroup/DEMO?arrive=${arrival}&depart=${departure}&adults=2`);
  await groupCards(page);
  await fits('the shared link');
  await session.snap('phone-group-link');

  const list = await searchGroup(session, { from: arrival, to: departure });
  await fits('the group search');
  await session.snap('phone-group-results');
  await chooseRoomsFromGroup(session, list, { from: arrival, to: departure });
  await fits('the chosen hotel');
}
