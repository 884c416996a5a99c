/**
 * HTML built only through the `html` tag: every interpolated value is escaped unless it is
 * already `SafeHtml`, so a guest's name or a hotel's address can never inject markup into an
 * e-mail or a page. There is no other way to mark text as safe.
 */
export class SafeHtml {
  readonly #markup: string;
  constructor(markup: string, _witness: typeof witness) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

// Only this module can build SafeHtml: the constructor asks for a value no one else holds.
const witness: unique symbol = Symbol('SafeHtml');

/** What may be interpolated: text (escaped), numbers, markup built by `html`, lists of these; false, null and undefined render nothing. */
export type HtmlValue = SafeHtml | string | number | false | null | undefined | readonly HtmlValue[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character]!);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (value === false || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  return escapeHtml(String(value));
}

/** The tag that builds markup: html`<p>Dear ${name}</p>`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup, witness);
}

/**
 * The address when it is an absolute http(s) URL, else undefined: escaping keeps an attribute
 * closed but would let `javascript:` through, so links and images pass here first.
 */
export function httpUrl(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
