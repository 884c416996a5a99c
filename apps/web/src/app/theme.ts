/**
 * Applies a property's Theme colours as the CSS variables the styles use, with
 * the domain's text-colour rule for text on each colour.
 */
import { textColourOn } from '@hotel/domain/theme';

const THEME_VARIABLES: Record<string, string> = {
  Primary: 'primary',
  Secondary: 'secondary',
  Accent: 'accent',
  Tertiary: 'tertiary',
  Dark: 'dark',
  DarkPage: 'dark-page',
  Positive: 'positive',
  Negative: 'negative',
  Info: 'info',
  Warning: 'warning',
  LightPage: 'light-page',
  BrandPrimary: 'brand-primary',
};

/** Dark enough for text on white: the text-colour rule puts white text on it. */
function readableOnWhite(colour: string | undefined, fallback: string): string {
  return colour !== undefined && textColourOn(colour) === '#ffffff' ? colour : fallback;
}

export function applyTheme(theme: Record<string, string> | null, root: HTMLElement = document.documentElement): void {
  if (theme === null) return;
  for (const [name, variable] of Object.entries(THEME_VARIABLES)) {
    const colour = theme[name];
    if (colour === undefined) continue;
    const onColour = textColourOn(colour);
    if (onColour === null) continue;
    root.style.setProperty(`--brand-${variable}`, colour);
    root.style.setProperty(`--brand-on-${variable}`, onColour);
  }
  root.style.setProperty('--brand-link', readableOnWhite(theme.Primary, '#1f2937'));
  root.style.setProperty('--brand-negative-text', readableOnWhite(theme.Negative, '#b00020'));
}
