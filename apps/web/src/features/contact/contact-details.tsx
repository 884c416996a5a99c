import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';

/** How to reach the property: the Contact Us dialog's content. */
export function ContactDetails({ property }: { property: Property }) {
  return (
    <div className="space-y-3 text-gray-900">
      <p className="font-semibold">{property.PropertyName}</p>
      <p>{property.Address || property.PropertyAddress}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {property.Telephone && (
          <>
            <dt className="font-semibold">Telephone</dt>
            <dd>
              <a className="text-link underline" href={`tel:${property.Telephone.replace(/\s/g, '')}`}>
                {property.Telephone}
              </a>
            </dd>
          </>
        )}
        {property.Email && (
          <>
            <dt className="font-semibold">Email</dt>
            <dd>
              <a className="text-link break-all underline" href={`mailto:${property.Email}`}>
                {property.Email}
              </a>
            </dd>
          </>
        )}
        {property.WebsiteUrl && (
          <>
            <dt className="font-semibold">Website</dt>
            <dd>
              <a className="text-link break-all underline" href={property.WebsiteUrl}>
                {property.WebsiteUrl.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
