import type { PropertyGroupResponse } from '@hotel/domain/wire/property-group';
import type { GroupPropertyRow, PropertyGroupRow } from './property-group-queries';

/** An address on one line, however many lines the definition gave it. */
function oneLine(address: string | null): string {
  return (address ?? '')
    .split(/\s*[\r\n]+\s*/)
    .filter(Boolean)
    .join(', ');
}

export function toPropertyGroupResponse(group: PropertyGroupRow, properties: GroupPropertyRow[]): PropertyGroupResponse {
  return {
    PropertyGroupId: group.id,
    PropertyGroupCode: group.code,
    Name: group.name,
    Properties: properties.map((property) => ({
      PropertyId: property.id,
      PropertyCode: property.code,
      PropertyName: property.name,
      Address: oneLine(property.address),
      ImageUrl: property.propertyImageUrl,
      HotelRating: property.hotelRating,
      Currency: property.currency,
      TimeZone: property.timeZone,
    })),
  };
}
