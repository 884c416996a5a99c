/** The restaurant table booking view of the booking flow. */
import { useSearch } from 'wouter';
import { Notice } from '../components/notice';
import { TableBookingForm } from '../features/restaurant/table-booking-form';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday } from '../hooks/use-property';
import { PageTitle } from '../components/layout';

export function RestaurantPage() {
  const { property, config } = useProperty();
  const today = usePropertyToday();
  const query = new URLSearchParams(useSearch());
  useDocumentTitle('Book a table', property.PropertyName);
  return (
    <div className="space-y-6">
      <PageTitle>Book a table</PageTitle>
      {config.RestaurantBookingServiceActive ? (
        <TableBookingForm
          propertyId={property.PropertyId}
          defaultRestaurant={config.RestaurantBookingDefaultRestaurant}
          today={today}
          identifier={query.get('reservation') ?? ''}
        />
      ) : (
        <Notice tone="info">Table booking is not available online at {property.PropertyName}.</Notice>
      )}
    </div>
  );
}
