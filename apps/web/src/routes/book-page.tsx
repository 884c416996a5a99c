import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { parseDate } from '@hotel/domain/dates';
import { DEFAULT_PARTY } from '@hotel/domain/occupancy';
import { clearServiceCache } from '../features/extras/services-api';
import { calendarDays } from '../features/search/calendar-days';
import { SearchForm, type SearchValues } from '../features/search/search-form';
import { useCalendar } from '../hooks/use-calendar';
import { useDialogs } from '../hooks/use-dialogs';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { paths } from '../lib/paths';
import { startSearch, useBookingState } from '../stores/booking-store';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { PageTitle } from '../components/layout';

/** The disabled dates are worked out 3 seconds after the page shows, so they never delay its first paint. */
const CALENDAR_DELAY_MS = 3000;

function defaultRoom(property: Property) {
  return {
    NumberOfAdults: Math.max(1, property.DefaultOccupancyAdult || DEFAULT_PARTY.NumberOfAdults),
    NumberOfChildren: property.EnableChildrenSearch ? property.DefaultOccupancyChildren : 0,
    NumberOfInfants: property.EnableInfantSearch ? property.DefaultOccupancyInfant : 0,
  };
}

/** Starting values: the last search, else the address's query (links from the hotel's website), else defaults. */
function initialValues(property: Property, previous: ReturnType<typeof useBookingState>['search'], query: URLSearchParams): SearchValues {
  if (previous !== null) {
    return { ...previous, rooms: previous.rooms.map((room) => ({ ...room })) };
  }
  const adults = Number(query.get('adults'));
  const room = defaultRoom(property);
  return {
    dateFrom: parseDate(query.get('arrival') ?? ''),
    dateTo: parseDate(query.get('departure') ?? ''),
    rooms: [{ ...room, NumberOfAdults: Number.isInteger(adults) && adults > 0 ? adults : room.NumberOfAdults }],
    promoCode: query.get('promoCode') ?? '',
    ratePlanCode: query.get('ratePlanCode') ?? '',
    locationId: null,
  };
}

/** /Book/{propertyCode}: "Book your stay". */
export function BookPage() {
  const { property, config } = useProperty();
  const booking = useBookingState();
  const today = usePropertyToday();
  const isMobile = useIsMobile();
  const unit = useUnitNoun();
  const dialogs = useDialogs();
  const [, navigate] = useLocation();
  const query = useSearch();
  useDocumentTitle('Book your stay', property.PropertyName);

  const [calendarWanted, setCalendarWanted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setCalendarWanted(true), CALENDAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const wantCalendar = useCallback(() => setCalendarWanted(true), []);
  const calendar = useCalendar(property.PropertyId, today, calendarWanted);
  const roomsSearched = booking.search?.rooms.length ?? 1;
  const days = useMemo(() => (calendar.data ? calendarDays(calendar.data, roomsSearched) : undefined), [calendar.data, roomsSearched]);
  const [initial] = useState(() => initialValues(property, booking.search, new URLSearchParams(query)));
  const currentLocation = config.Locations.find((location) => location.PropertyCode.toLowerCase() === property.PropertyCode.toLowerCase());

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <PageTitle className="mb-6">Book your stay</PageTitle>
        <SearchForm
          key={property.PropertyCode}
          property={property}
          config={config}
          today={today}
          initial={{ ...initial, locationId: initial.locationId ?? currentLocation?.LocationId ?? null }}
          calendar={days}
          isMobile={isMobile}
          unit={unit}
          searching={booking.searching}
          onCalendarWanted={wantCalendar}
          onContactUs={dialogs.openContactUs}
          onLocationChange={(location) => {
            if (location.PropertyCode.toLowerCase() !== property.PropertyCode.toLowerCase()) navigate(paths.book(location.PropertyCode));
          }}
          onSearch={(values) => {
            startSearch({ ...values, propertyId: property.PropertyId, propertyCode: property.PropertyCode });
            void clearServiceCache();
            navigate(paths.roomsAndRates(property.PropertyCode));
          }}
        />
      </div>
      <aside className="space-y-6" aria-label="About your stay">
        {property.PropertyImageUrl && (
          <img
            src={property.PropertyImageUrl}
            alt={`${property.PropertyName}`}
            className="w-full rounded-lg object-cover"
            width={640}
            height={400}
          />
        )}
        {property.HasRating && property.HotelRating !== null && (
          <p>
            <span aria-hidden="true" className="text-lg tracking-wider">
              {'★'.repeat(property.HotelRating)}
            </span>{' '}
            <span>{property.HotelRating}-star hotel</span>
          </p>
        )}
        {config.BookingIncentives.length > 0 && (
          <section aria-labelledby="incentives-heading">
            <h2 id="incentives-heading" className="font-semibold">
              Why book with us
            </h2>
            <ul className="mt-2 list-inside list-disc space-y-1 text-sm">
              {config.BookingIncentives.map((incentive) => (
                <li key={incentive}>{incentive}</li>
              ))}
            </ul>
          </section>
        )}
        {config.Offers.length > 0 && (
          <section aria-labelledby="offers-heading">
            <h2 id="offers-heading" className="font-semibold">
              Offers
            </h2>
            <ul className="mt-2 list-inside list-disc space-y-1 text-sm">
              {config.Offers.map((offer) => (
                <li key={offer}>{offer}</li>
              ))}
            </ul>
          </section>
        )}
        {config.RestaurantBookingServiceActive && (
          <p>
            <Link href={paths.restaurant(property.PropertyCode)} className="text-link font-semibold underline">
              Book a table at our restaurant
            </Link>
          </p>
        )}
      </aside>
    </div>
  );
}
