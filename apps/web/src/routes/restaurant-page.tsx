/**
 * The restaurant table booking view of the booking flow. Opened from a booking
 * (`?reservation=…&arrive=…&depart=…&code=…`, the confirmation's and Manage Booking's link), it
 * names the booking, links the table to it with the code, and offers the first night of the stay
 * still to come; else today.
 */
import { useSearch } from 'wouter';
import { parseDate, type IsoDate } from '@hotel/domain/dates';
import { Notice } from '../components/notice';
import { TableBookingForm } from '../features/restaurant/table-booking-form';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday } from '../hooks/use-property';
import { PageTitle } from '../components/layout';

/** The first night of the linked stay from today on, or today when the link names no stay still to come. */
export function visitDateOf(query: URLSearchParams, today: IsoDate): IsoDate {
  const arrive = parseDate(query.get('arrive') ?? '');
  const depart = parseDate(query.get('depart') ?? '');
  if (arrive === null || depart === null || depart <= arrive || depart <= today) return today;
  return arrive < today ? today : arrive;
}

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
          date={visitDateOf(query, today)}
          identifier={query.get('reservation') ?? ''}
          reservationCode={query.get('code') ?? undefined}
        />
      ) : (
        <Notice tone="info">Table booking is not available online at {property.PropertyName}.</Notice>
      )}
    </div>
  );
}
