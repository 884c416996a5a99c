/** The rate plans of a chosen room type that fit the room's party, each with its stay and per-night price. */
import { fitsRoomTypeAndRate, type Party } from '@hotel/domain/occupancy';
import { pricePerNight } from '@hotel/domain/pricing';
import { Button } from '../../components/button';
import { Panel } from '../../components/layout';
import { Price } from '../../components/price';
import { useMoney } from '../../hooks/use-money';
import { roomCostOf } from '../../lib/rate-price';
import type { SearchRoomType, Rate as WireRate } from '@hotel/domain/wire/search-response';

export function RateList(props: {
  entry: SearchRoomType;
  party: Party;
  /** The searched room being filled: the search priced each rate for it. */
  roomIndex: number;
  nights: number;
  busy: boolean;
  onSelect: (rate: WireRate) => void;
  onBack: () => void;
}) {
  const { chargeCurrency } = useMoney();
  const { entry, party } = props;
  const rates = entry.Rates.filter((rate) => fitsRoomTypeAndRate(party, entry.RoomType, rate));
  return (
    <div className="space-y-4">
      <Button variant="link" onClick={props.onBack}>
        ← Back to all rooms
      </Button>
      <div className="flex gap-4">
        {entry.RoomType.ImageUrls[0] && (
          <img
            src={entry.RoomType.ImageUrls[0]}
            alt=""
            className="hidden h-24 w-32 rounded-md object-cover sm:block"
            width={128}
            height={96}
          />
        )}
        <div>
          <h3 className="text-xl font-semibold">{entry.RoomType.Name}</h3>
          <p className="text-gray-800">{entry.RoomType.Description}</p>
        </div>
      </div>
      <ul className="space-y-3" aria-label={`Rates for ${entry.RoomType.Name}`}>
        {rates.map((rate) => {
          const price = roomCostOf(rate, props.roomIndex, chargeCurrency);
          if (price === null) return null;
          return (
            <Panel as="li" key={rate.RatePlanId}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1 space-y-1">
                  <h4 className="text-lg font-semibold">{rate.Name}</h4>
                  {rate.Promotion && (
                    <p className="inline-block rounded-full bg-positive px-3 py-0.5 text-sm font-semibold text-on-positive">
                      {rate.Promotion.Name}
                    </p>
                  )}
                  {rate.Promotion?.Message && <p className="text-sm text-gray-800">{rate.Promotion.Message}</p>}
                  <p className="text-gray-800">{rate.Description}</p>
                  <p className="text-sm text-gray-700">{rate.Policy}</p>
                </div>
                <div className="flex items-end justify-between gap-4 sm:block sm:text-right">
                  <div>
                    <Price className="block text-2xl font-bold" amount={price.total} original={price.original} />
                    <span className="block text-sm text-gray-800">
                      total, <Price amount={pricePerNight(price.total, props.nights)} /> per night
                    </span>
                  </div>
                  <Button className="sm:mt-3" disabled={props.busy} onClick={() => props.onSelect(rate)}>
                    Book<span className="sr-only"> {rate.Name}</span>
                  </Button>
                </div>
              </div>
            </Panel>
          );
        })}
      </ul>
    </div>
  );
}
