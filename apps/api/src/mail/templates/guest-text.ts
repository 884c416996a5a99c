/**
 * Text a guest typed (a name, special requests), made safe to put in an e-mail the hotel sends:
 * mail programs turn anything that looks like an address ("https://evil.example/claim",
 * "www.evil.example", "evil.example") into a link, and a booking form must not let anyone mail
 * links in the hotel's name to any address. Scheme separators and the dots of host names are
 * bracketed ("evil[.]example"), as security advisories write them; the words stay readable.
 */
export function unlinked(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/:\/\//g, '[:]//')
    .replace(/(?:[\p{L}\p{N}_-]+\.)+\p{L}{2,}/gu, (host) => host.replace(/\./g, '[.]'));
}

/**
 * A reference a guest gave (their hotel reservation number) as the mail may repeat it: letters,
 * digits, dashes and slashes only, up to 30 characters. Anything else is free text, which the
 * mail leaves out rather than echo.
 */
export function plainReference(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return /^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/.test(trimmed) ? trimmed : undefined;
}
