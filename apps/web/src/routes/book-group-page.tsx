import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { DEFAULT_PARTY } from '@hotel/domain/occupancy';
import { nightsText } from '@hotel/domain/messages';
import { parseSearchLink, searchLinkQuery } from '@hotel/domain/search-link';
import { Button } from '../components/button';
import { Section } from '../components/layout';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { groupCalendarDays, groupCalendarWindow } from '../features/property-group/group-calendar';
import { GroupResults } from '../features/property-group/group-results';
import { GroupSearchForm, type GroupSearchValues } from '../features/property-group/group-search-form';
import {
  groupSearchRequest,
  useGroupCalendar,
  useGroupSearch,
  usePropertyGroup,
  type GroupSearch,
} from '../features/property-group/property-group-api';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useCurrencyChoice } from '../hooks/use-money';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { errorText, LANGUAGE_CODE } from '../lib/api-client';
import { useForm } from '../lib/form';
import { paths } from '../lib/paths';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';

function defaultParty(property: Property) {
  return {
    NumberOfAdults: Math.max(1, property.DefaultOccupancyAdult || DEFAULT_PARTY.NumberOfAdults),
    NumberOfChildren: property.EnableChildrenSearch ? property.DefaultOccupancyChildren : 0,
    NumberOfInfants: property.EnableInfantSearch ? property.DefaultOccupancyInfant : 0,
  };
}

/** /BookGroup/{propertyCode}: every property of the property's group searched at once. */
export function BookGroupPage() {
  const { property, config } = useProperty();
  // The gate shows this page only once the group is loaded.
  const group = usePropertyGroup(property.PropertyGroupId).data;
  const today = usePropertyToday();
  const unit = useUnitNoun();
  const monthsShown = useIsMobile() ? 1 : 2;
  const displayCurrency = useCurrencyChoice()?.displayCurrency ?? property.Currency;
  const [, navigate] = useLocation();
  const query = useSearch();
  useDocumentTitle('Search our hotels', group?.Name);

  // A shareable link opens with its search made; one that asks for no possible search is ignored.
  const resultsRef = useRef<HTMLDivElement>(null);
  const [link] = useState(() => parseSearchLink(new URLSearchParams(query), today));
  const form = useForm<GroupSearchValues>(
    link === null
      ? { dateFrom: null, dateTo: null, rooms: [defaultParty(property)], promoCode: '' }
      : { dateFrom: link.arrive, dateTo: link.depart, rooms: link.rooms, promoCode: link.promo ?? '' },
  );
  const [search, setSearch] = useState<GroupSearch | null>(() =>
    link === null ? null : { dateFrom: link.arrive, dateTo: link.depart, rooms: link.rooms, promoCode: link.promo ?? '' },
  );
  const [searchNumber, setSearchNumber] = useState(0);
  const request = useMemo(
    () => (search === null || group === undefined ? null : groupSearchRequest(search, group.PropertyGroupId, displayCurrency)),
    [search, group, displayCurrency],
  );
  const results = useGroupSearch(request, searchNumber);

  // The calendar loads once the picker shows, for the months in view and the party being chosen.
  const [firstMonth, setFirstMonth] = useState<IsoDate | null>(null);
  const onMonthsShown = useCallback((month: IsoDate) => setFirstMonth(month), []);
  const calendarRequest = useMemo(() => {
    if (firstMonth === null || group === undefined) return null;
    const window = groupCalendarWindow(firstMonth, monthsShown, today);
    return {
      PropertyGroupId: group.PropertyGroupId,
      LanguageCode: LANGUAGE_CODE,
      DateFrom: window.from,
      DateTo: window.to,
      Rooms: form.values.rooms,
      PromoCode: search?.promoCode.trim() || null,
      DisplayCurrency: displayCurrency,
    };
  }, [firstMonth, group, monthsShown, today, form.values.rooms, search, displayCurrency]);
  const calendar = useGroupCalendar(calendarRequest);
  const days = useMemo(() => (calendar.data ? groupCalendarDays(calendar.data) : undefined), [calendar.data]);

  if (group === undefined) return <Loading />;

  const run = (next: GroupSearch) => {
    setSearch(next);
    setSearchNumber((number) => number + 1);
    // The address bar holds the search, so the page can be shared or bookmarked as it stands.
    const linkQuery = searchLinkQuery({
      arrive: next.dateFrom,
      depart: next.dateTo,
      rooms: next.rooms,
      promo: next.promoCode.trim() || null,
    });
    navigate(`${paths.bookGroup(property.PropertyCode)}?${linkQuery}`, { replace: true });
    // On a phone the answer is below the form: bring it into view (jsdom has no scrolling).
    resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="space-y-10">
      <div className="max-w-3xl">
        <GroupSearchForm
          form={form}
          property={property}
          config={config}
          propertyGroupId={group.PropertyGroupId}
          today={today}
          calendar={days}
          monthsShown={monthsShown}
          unit={unit}
          searching={results.isLoading}
          onMonthsShown={onMonthsShown}
          onSearch={run}
        />
      </div>
      <div ref={resultsRef}>
        <Section title="Our hotels" subtitle={search === null ? undefined : stayLine(search)} className="space-y-4">
          {search === null ? (
            <p className="text-gray-800">
              Choose your dates and guests to see every hotel of {group.Name} with its best price for your stay.
            </p>
          ) : results.error !== undefined ? (
            <Notice tone="negative" title="We could not search our hotels" live>
              <p>{errorText(results.error, 'Something went wrong. Please try again.')}</p>
              <Button variant="secondary" className="mt-2" onClick={() => void results.mutate()}>
                Try again
              </Button>
            </Notice>
          ) : results.data === undefined ? (
            <Loading label="Searching our hotels…" />
          ) : (
            <GroupResults
              answer={results.data}
              group={group}
              search={search}
              unit={unit}
              onAlternative={({ dateFrom, dateTo }) => {
                form.setValues((current) => ({ ...current, dateFrom, dateTo }));
                run({ ...search, dateFrom, dateTo });
              }}
            />
          )}
        </Section>
      </div>
    </div>
  );
}

function stayLine(search: GroupSearch): string {
  const nights = countNights(search.dateFrom, search.dateTo);
  return `${formatDate(search.dateFrom, 'ddd Do MMM YYYY')} to ${formatDate(search.dateTo, 'ddd Do MMM YYYY')}, ${nightsText(nights)}`;
}
