import { textColourOn } from '@hotel/domain/theme';
import { html, httpUrl, type SafeHtml } from './safe-html';

/** The property an e-mail comes from: its name, logo and brand colour head every message. */
export type MailBranding = {
  propertyName: string;
  /** Absolute http(s) URL; anything else is left out. */
  logoUrl?: string | null;
  /** "#rgb" or "#rrggbb" (the theme's BrandPrimary); anything else falls back to a neutral dark grey. */
  themeColour?: string | null;
  address?: string | null;
  telephone?: string | null;
  email?: string | null;
};

/** What one message puts inside the layout: an HTML body and its plain-text twin. */
export type MailContent = {
  /** Browser tab title and the HTML <title>; usually the subject. */
  title: string;
  heading: string;
  /** The line mail clients show beside the subject in a list. */
  preheader?: string;
  html: SafeHtml;
  text: string;
};

const fallbackColour = '#1f2937';
/** The style of a table cell in a message's body. */
export const mailCell = 'padding:6px 0;vertical-align:top;';
const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

/** A colour we can put in a style attribute: a hex colour and nothing else (escaping alone would not stop CSS injection). */
export function brandColour(colour: string | null | undefined): string {
  return colour && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour.trim()) ? colour.trim() : fallbackColour;
}

/** A link drawn as a button in the brand colour. */
export function mailButton(branding: MailBranding, label: string, href: string): SafeHtml {
  const url = httpUrl(href);
  if (url === undefined) return html``;
  const background = brandColour(branding.themeColour);
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0;">
    <tr>
      <td style="border-radius:6px;background:${background};">
        <a
          href="${url}"
          style="display:inline-block;padding:12px 20px;${font}font-size:15px;font-weight:600;color:${textColourOn(background) ?? '#ffffff'};text-decoration:none;border-radius:6px;"
          >${label}</a
        >
      </td>
    </tr>
  </table>`;
}

/** Label and value rows between two rules: the facts a confirmation opens with. `valueStyle` styles the value cells. */
export function mailFactsTable(rows: readonly (readonly [string, string])[], valueStyle: string): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="${mailCell}color:#6b7280;">${label}</td>
          <td style="${valueStyle}">${value}</td>
        </tr>`,
    )}
  </table>`;
}

function contactLines(branding: MailBranding): string[] {
  return [branding.address, branding.telephone, branding.email].filter((line): line is string => Boolean(line && line.trim()));
}

/**
 * Wraps a message in the property's branded layout (tables and inline styles, which is what
 * mail clients render) and its plain-text alternative, with the contact details as a footer.
 */
export function renderMailLayout(branding: MailBranding, content: MailContent): { html: string; text: string } {
  const colour = brandColour(branding.themeColour);
  const onColour = textColourOn(colour) ?? '#ffffff';
  const logoUrl = httpUrl(branding.logoUrl);
  const contact = contactLines(branding);
  const header = logoUrl
    ? html`<img src="${logoUrl}" alt="${branding.propertyName}" height="48" style="display:block;height:48px;max-width:240px;border:0;" />`
    : html`<span style="${font}font-size:20px;font-weight:700;color:${onColour};">${branding.propertyName}</span>`;
  const document = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${content.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f3f4f6;">
        ${content.preheader && html`<div style="display:none;max-height:0;overflow:hidden;">${content.preheader}</div>`}
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="600"
                cellpadding="0"
                cellspacing="0"
                style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;"
              >
                <tr>
                  <td style="background:${colour};padding:20px 24px;">${header}</td>
                </tr>
                <tr>
                  <td style="padding:24px;${font}font-size:15px;line-height:1.5;color:#111827;">
                    <h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827;">${content.heading}</h1>
                    ${content.html}
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 24px;background:#f9fafb;${font}font-size:12px;line-height:1.5;color:#6b7280;">
                    <strong>${branding.propertyName}</strong>${contact.map((line) => html`<br />${line}`)}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const text = [content.heading, '', content.text.trimEnd(), '', '--', branding.propertyName, ...contact].join('\n');
  return { html: document.toString(), text: `${text}\n` };
}
