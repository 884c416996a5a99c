/**
 * The room types for one searched room: only those that show for its
 * party, with images, occupancy, the availability badge at 3 or fewer left, and the lowest
 * stay price with its per-night price, the original struck through when discounted.
 */
import type { RoomsLeft } from '@hotel/domain/basket';
import { showsLowAvailabilityBadge } from '@hotel/domain/inventory';
import type { Party } from '@hotel/domain/occupancy';
import { roomTypeShows } from '@hotel/domain/occupancy';
import { countText } from '@hotel/domain/messages';
import { lowestRate, pricePerNight } from '@hotel/domain/pricing';
import { Button } from '../../components/button';
import { Panel } from '../../components/layout';
import { Price } from '../../components/price';
import { useMoney } from '../../hooks/use-money';
import { roomCostOf } from '../../lib/rate-price';
import type { SearchRoomType } from '@hotel/domain/wire/search-response';

/** The room types shown for a party, with rooms left taken from the basket's count. */
export function shownRoomTypes(roomTypes: readonly SearchRoomType[], party: Party, roomsLeft: RoomsLeft): SearchRoomType[] {
  return roomTypes.filter((entry) =>
    roomTypeShows({
      roomTypeId: entry.RoomType.RoomTypeId,
      roomType: entry.RoomType,
      rates: entry.Rates,
      roomsLeft: roomsLeft[String(entry.RoomType.RoomTypeId)] ?? 0,
      party,
    }),
  );
}

export function RoomTypeList(props: {
  roomTypes: SearchRoomType[];
  /** The searched room being filled: the search priced each rate for it. */
  roomIndex: number;
  nights: number;
  roomsLeft: RoomsLeft;
  showOccupancy: boolean;
  unit: { one: string; many: string; One: string };
  onChoose: (roomTypeId: number) => void;
}) {
  const { chargeCurrency } = useMoney();
  return (
    <ul className="space-y-4" aria-label={`Available ${props.unit.many}`}>
      {props.roomTypes.map(({ RoomType: roomType, Rates }) => {
        const left = props.roomsLeft[String(roomType.RoomTypeId)] ?? 0;
        const lowest = lowestRate([Rates.flatMap((rate) => roomCostOf(rate, props.roomIndex, chargeCurrency) ?? [])]);
        return (
          <Panel as="li" key={roomType.RoomTypeId} padding="none" className="overflow-hidden sm:flex">
            {roomType.ImageUrls[0] && (
              <img
                src={roomType.ImageUrls[0]}
                alt={roomType.Name}
                // Hotels' pictures often carry words; drawn whole at their own shape, none is cut off.
                className="aspect-4/3 w-full bg-gray-100 object-contain sm:w-64 sm:shrink-0 sm:self-start"
                width={256}
                height={192}
              />
            )}
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="text-xl font-semibold">{roomType.Name}</h3>
                {showsLowAvailabilityBadge(left) && (
                  <span className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent" data-testid="availability-badge">
                    Only {left} {left === 1 ? props.unit.one : props.unit.many} left
                  </span>
                )}
              </div>
              <p className="text-gray-800">{roomType.Description}</p>
              {props.showOccupancy && roomType.MaximumOccupancy != null && (
                <p className="text-sm text-gray-800">
                  Sleeps up to {roomType.MaximumOccupancy}
                  {roomType.AdultMaximumOccupancy != null && ` (at most ${countText(roomType.AdultMaximumOccupancy, 'adult', 'adults')})`}
                </p>
              )}
              <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
                {lowest !== null && (
                  <p>
                    <span className="block text-sm text-gray-800">From</span>
                    <Price className="text-2xl font-bold" amount={lowest.LowestRate} original={lowest.OriginalLowestRate} />
                    <span className="block text-sm text-gray-800">
                      total, <Price amount={pricePerNight(lowest.LowestRate, props.nights)} /> per night
                    </span>
                  </p>
                )}
                <Button onClick={() => props.onChoose(roomType.RoomTypeId)} aria-label={`See rates for ${roomType.Name}`}>
                  See rates
                </Button>
              </div>
            </div>
          </Panel>
        );
      })}
    </ul>
  );
}
