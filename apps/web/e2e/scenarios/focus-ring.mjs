/* global document, getComputedStyle -- page.evaluate bodies run in the browser */
// Keyboard only: the control with focus is always marked by a ring that contrasts at least 3:1
// with what is around it (WCAG 2.4.7, 2.4.11), on the white page and on the brand's header.
import { check } from '../support/session.mjs';

/** The relative luminance of a CSS rgb()/rgba() colour (WCAG 2.x). */
function luminance(colour) {
  const [r, g, b] = colour
    .match(/[\d.]+/g)
    .slice(0, 3)
    .map((part) => Number(part) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** How the focused element's ring is drawn and what is behind it. */
function focusedRing(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    let behind = element.parentElement;
    while (behind && getComputedStyle(behind).backgroundColor.match(/rgba\(.*, 0\)$|transparent/)) behind = behind.parentElement;
    return {
      text: element.textContent.trim(),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      colour: style.outlineColor,
      halo: style.boxShadow,
      background: getComputedStyle(behind ?? document.body).backgroundColor,
    };
  });
}

/** Presses Tab until the focused element's text is `name`; answers its ring once drawn (buttons fade their colours in). */
async function tabTo(page, name) {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedRing(page))?.text.includes(name)) {
      await page.waitForTimeout(300);
      return focusedRing(page);
    }
  }
  throw new Error(`Tab never reached ${name}`);
}

export default async function run(session) {
  const { page } = session;
  await page.goto('/Book/DEMO');
  await page.getByRole('button', { name: 'Search availability' }).waitFor();

  // A button on the brand colour (the header's menu): the white halo is what shows there.
  const menu = await tabTo(page, 'Menu');
  const halo = menu.halo.match(/rgba?\([^)]*\)/)?.[0] ?? '';
  check(menu.style === 'solid' && menu.width >= 2, `the menu button has a ring (${menu.style} ${menu.width}px)`);
  check(
    Math.max(contrast(menu.colour, menu.background), contrast(halo, menu.background)) >= 3,
    `the ring on the header contrasts 3:1 (${menu.colour} / ${halo} on ${menu.background})`,
  );

  // The primary button on the page: the dark outline shows against the page.
  const primary = await tabTo(page, 'Search availability');
  check(primary.style === 'solid' && primary.width >= 2, `the primary button has a ring (${primary.style} ${primary.width}px)`);
  check(contrast(primary.colour, primary.background) >= 3, `the ring contrasts 3:1 (${primary.colour} on ${primary.background})`);
  await session.snap('focus-on-primary-button');
}
