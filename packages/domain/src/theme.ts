/**
 * Property theming rules (docs/guest-client.md): readable text on a brand colour, and the logo size.
 */

/**
 * Black text on a light colour, white on a dark one: whichever contrasts more (WCAG
 * relative luminance). Accepts "#rgb" or "#rrggbb"; null for anything else.
 */
export function textColourOn(background: string): '#000000' | '#ffffff' | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim());
  if (match === null) return null;
  const hex = match[1] ?? '';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [red, green, blue] = [0, 2, 4].map((offset) => {
    const channel = parseInt(full.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  const contrastWithBlack = (luminance + 0.05) / 0.05;
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  return contrastWithBlack >= contrastWithWhite ? '#000000' : '#ffffff';
}

/** A logo wider than 16:9 is shown 300 px wide, otherwise 100 px. */
export function logoDisplayWidth(width: number, height: number): 300 | 100 {
  return height > 0 && width / height > 16 / 9 ? 300 : 100;
}
