import type { PropertyRow } from '../property';
import type { MailBranding } from './templates/mail-layout';

/** How a property heads its e-mails: name, logo (a path on this site made absolute), brand colour and contact lines. */
export function mailBrandingOf(property: PropertyRow, publicUrl: string): MailBranding {
  return {
    propertyName: property.name,
    logoUrl: property.logoFileUrl?.startsWith('/') ? `${publicUrl}${property.logoFileUrl}` : property.logoFileUrl,
    themeColour: property.theme?.BrandPrimary ?? null,
    address: property.address,
    telephone: property.telephone,
    email: property.email,
  };
}
