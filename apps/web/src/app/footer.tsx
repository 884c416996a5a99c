import { todayIn } from '@hotel/domain/dates';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';

/** The footer: the property's contact details, its policies and the copyright line of this year (the property's). */
export function Footer({ property }: { property: Property }) {
  const year = todayIn(new Date(), property.TimeZone).slice(0, 4);
  return (
    <footer className="mt-12 bg-dark text-on-dark print:hidden">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <div>
          <p className="font-semibold">{property.PropertyName}</p>
          <p className="mt-1">{property.Address || property.PropertyAddress}</p>
        </div>
        <div className="space-y-1">
          {property.Telephone && (
            <p>
              Telephone:{' '}
              <a className="underline" href={`tel:${property.Telephone.replace(/\s/g, '')}`}>
                {property.Telephone}
              </a>
            </p>
          )}
          {property.Email && (
            <p>
              Email:{' '}
              <a className="break-all underline" href={`mailto:${property.Email}`}>
                {property.Email}
              </a>
            </p>
          )}
        </div>
        <nav aria-label="Policies" className="space-y-1">
          {property.PrivacyPolicyUrl && (
            <p>
              <a className="underline" href={property.PrivacyPolicyUrl}>
                Privacy policy
              </a>
            </p>
          )}
          {property.TermsAndConditionsUrl && (
            <p>
              <a className="underline" href={property.TermsAndConditionsUrl}>
                Terms and conditions
              </a>
            </p>
          )}
          {property.WebsiteUrl && (
            <p>
              <a className="underline" href={property.WebsiteUrl}>
                Back to Hotel Website
              </a>
            </p>
          )}
        </nav>
      </div>
      <p className="border-t border-white/20 px-4 py-4 text-center text-xs">
        © {year} {property.PropertyName}. All rights reserved.
      </p>
    </footer>
  );
}
