import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DEFAULT_PARTY } from '@hotel/domain/occupancy';
import { clearServiceCache } from '../features/extras/services-api';
import { calendarDays } from '../features/search/calendar-days';
import { ownLocationId, type SearchValues } from '../features/search/search-check';
import { forgetSearchDraft, SearchForm } from '../features/search/search-form';
import { hasSearchLink, isSameSearch, linkedSearch } from '../features/search/search-link';
import { useCalendar } from '../hooks/use-calendar';
import { useDialogs } from '../hooks/use-dialogs';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { paths } from '../lib/paths';
import { getBookingState, startSearch, useBookingState } from '../stores/booking-store';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { PageTitle } from '../components/layout';
import { Loading } from '../components/loading';

/** The disabled dates are worked out 3 seconds after the page shows, so they never delay its first paint. */
const CALENDAR_DELAY_MS = 3000;

function defaultRoom(property: Property) {
  return {
    NumberOfAdults: Math.max(1, property.DefaultOccupancyAdult || DEFAULT_PARTY.NumberOfAdults),
    NumberOfChildren: property.EnableChildrenSearch ? property.DefaultOccupancyChildren : 0,
    NumberOfInfants: property.EnableInfantSearch ? property.DefaultOccupancyInfant : 0,
  };
}

/** Starting values: the last search, else the property's default party. */
function initialValues(property: Property, previous: ReturnType<typeof useBookingState>['search']): SearchValues {
  if (previous !== null) {
    return { ...previous, rooms: previous.rooms.map((room) => ({ ...room })) };
  }
  return { dateFrom: null, dateTo: null, rooms: [defaultRoom(property)], promoCode: '', ratePlanCode: '', locationId: null };
}

/**
 * Makes the search a shareable link asks for, as the form's Search would, and goes on to its
 * rooms and rates; true while the link is being checked. The link's address is replaced by the
 * plain search page first, so Back from the rooms returns to the search filled with the link's
 * stay rather than to the link (which would search again and trap the guest). The same search
 * as the one made keeps its basket; another one starts afresh, as a changed search does.
 */
function useSearchLink(query: string): boolean {
  const { property, config } = useProperty();
  const today = usePropertyToday();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(() => hasSearchLink(new URLSearchParams(query)));

  useEffect(() => {
    const params = new URLSearchParams(query);
    if (!hasSearchLink(params)) return undefined;
    let current = true;
    // The check's schema failing to load is no reason to keep the guest waiting: the form shows.
    const checked = linkedSearch(params, { property, config, today, now: new Date() }).catch(() => null);
    void checked.then((search) => {
      if (!current) return;
      if (search === null) {
        setPending(false);
        return;
      }
      const previous = getBookingState().search;
      if (previous === null || !isSameSearch(previous, search)) {
        startSearch({ ...search, propertyId: property.PropertyId, propertyCode: property.PropertyCode });
        void clearServiceCache();
      }
      forgetSearchDraft();
      navigate(paths.book(property.PropertyCode), { replace: true });
      navigate(paths.roomsAndRates(property.PropertyCode));
    });
    return () => {
      current = false;
    };
  }, [query, property, config, today, navigate]);
  return pending;
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
  const [initial] = useState(() => initialValues(property, booking.search));
  const linkPending = useSearchLink(query);

  if (linkPending) return <Loading label="Searching for available rooms…" />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <PageTitle className="mb-6">Book your stay</PageTitle>
        <SearchForm
          key={property.PropertyCode}
          property={property}
          config={config}
          today={today}
          initial={{ ...initial, locationId: initial.locationId ?? ownLocationId(property, config) }}
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
