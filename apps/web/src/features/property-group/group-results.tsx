/**
 * The group search's answer: one card per property in the server's order (those that can sell
 * the stay first, cheapest first), each with its lowest price per night and in total, how few
 * rooms are left, or why it cannot sell the stay and the nearest stays it can.
 */
import { Link } from 'wouter';
import { formatDate, type IsoDate } from '@hotel/domain/dates';
import { showsLowAvailabilityBadge } from '@hotel/domain/inventory';
import { nightsText } from '@hotel/domain/messages';
import { searchLinkQuery } from '@hotel/domain/search-link';
import { buttonClasses, Button } from '../../components/button';
import { Panel } from '../../components/layout';
import { Notice } from '../../components/notice';
import { PromoCodeNotice } from '../../components/promo-code-notice';
import { paths } from '../../lib/paths';
import type {
  PropertyGroupProperty,
  PropertyGroupResponse,
  PropertyGroupSearchResponse,
  PropertyGroupSearchResult,
} from '@hotel/domain/wire/property-group';
import { groupMoney, shownPrice } from './group-money';
import type { GroupSearch } from './property-group-api';

type Unit = { one: string; many: string };

/** The address of a property's Rooms and Rates with this search made. */
export function chooseRoomsHref(propertyCode: string, search: GroupSearch): string {
  const query = searchLinkQuery({
    arrive: search.dateFrom,
    depart: search.dateTo,
    rooms: search.rooms,
    promo: search.promoCode.trim() || null,
  });
  return `${paths.book(propertyCode)}?${query}`;
}

const shortDate = (date: IsoDate) => formatDate(date, 'ddd Do MMM YYYY');

export function GroupResults(props: {
  answer: PropertyGroupSearchResponse;
  group: PropertyGroupResponse;
  search: GroupSearch;
  unit: Unit;
  onAlternative: (dates: { dateFrom: IsoDate; dateTo: IsoDate }) => void;
}) {
  const { answer } = props;
  const nothing = answer.Properties.every((result) => !result.CanSell && result.AlternativeDates.length === 0);
  const about = new Map(props.group.Properties.map((property) => [property.PropertyId, property]));
  return (
    <div className="space-y-4">
      <PromoCodeNotice answer={answer} />
      {nothing && (
        <Notice tone="info" title="No hotel can take this stay" live>
          None of our hotels has rooms for {nightsText(answer.Nights)} from {shortDate(answer.DateFrom)}, nor on the nearest dates. Please
          try other dates or fewer {props.unit.many}.
        </Notice>
      )}
      <ul className="space-y-4" aria-label="Our hotels">
        {answer.Properties.map((result) => (
          <PropertyCard
            key={result.PropertyId}
            result={result}
            property={about.get(result.PropertyId)}
            nights={answer.Nights}
            search={props.search}
            unit={props.unit}
            onAlternative={props.onAlternative}
          />
        ))}
      </ul>
    </div>
  );
}

function PropertyCard(props: {
  result: PropertyGroupSearchResult;
  property: PropertyGroupProperty | undefined;
  nights: number;
  search: GroupSearch;
  unit: Unit;
  onAlternative: (dates: { dateFrom: IsoDate; dateTo: IsoDate }) => void;
}) {
  const { result, property } = props;
  const price = result.CanSell && result.LowestPrice !== null ? shownPrice(result.LowestPrice) : null;
  const left = result.RoomsLeft;
  return (
    <Panel as="li" padding="none" className="overflow-hidden sm:flex" data-testid="group-property">
      {property?.ImageUrl && (
        <img
          src={property.ImageUrl}
          alt={result.PropertyName}
          className="h-48 w-full object-cover sm:h-auto sm:w-64"
          width={256}
          height={192}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-xl font-semibold break-words">{result.PropertyName}</h3>
            {property?.HotelRating != null && (
              <p className="text-sm">
                <span aria-hidden="true" className="tracking-wider">
                  {'★'.repeat(property.HotelRating)}
                </span>{' '}
                <span>{property.HotelRating}-star hotel</span>
              </p>
            )}
          </div>
          {price !== null && left !== null && showsLowAvailabilityBadge(left) && (
            <span className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent" data-testid="availability-badge">
              Only {left} {left === 1 ? props.unit.one : props.unit.many} left
            </span>
          )}
        </div>
        {property && <p className="text-gray-800">{property.Address}</p>}
        {price !== null ? (
          <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
            <p>
              <span className="block text-sm text-gray-800">From</span>
              <span className="text-2xl font-bold">{groupMoney(price.PerNight, price.Currency)}</span>{' '}
              <span className="text-sm text-gray-800">per night</span>
              <span className="block text-sm text-gray-800">
                {groupMoney(price.Total, price.Currency)} total for {nightsText(props.nights)}
              </span>
            </p>
            <Link
              href={chooseRoomsHref(result.PropertyCode, props.search)}
              className={buttonClasses('primary', 'w-full sm:w-auto')}
              aria-label={`Choose rooms at ${result.PropertyName}`}
            >
              Choose rooms
            </Link>
          </div>
        ) : (
          <Blocked result={result} onAlternative={props.onAlternative} />
        )}
      </div>
    </Panel>
  );
}

/** Why the property cannot sell the stay, and the nearest stays of the same length it can. */
function Blocked(props: { result: PropertyGroupSearchResult; onAlternative: (dates: { dateFrom: IsoDate; dateTo: IsoDate }) => void }) {
  const { result } = props;
  return (
    <div className="space-y-3">
      <Notice tone="warning">{result.Blocked?.Message ?? 'This hotel cannot take your stay on these dates.'}</Notice>
      {result.AlternativeDates.length > 0 && (
        <div>
          <p className="text-sm font-semibold">Nearest dates available here</p>
          <ul className="mt-2 space-y-2">
            {result.AlternativeDates.map((stay) => {
              const price = shownPrice(stay.LowestPrice);
              return (
                <li key={stay.DateFrom}>
                  <Button
                    variant="secondary"
                    className="w-full justify-between text-left"
                    onClick={() => props.onAlternative({ dateFrom: stay.DateFrom, dateTo: stay.DateTo })}
                  >
                    <span>
                      {shortDate(stay.DateFrom)} to {shortDate(stay.DateTo)}
                    </span>
                    <span>from {groupMoney(price.Total, price.Currency)}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
