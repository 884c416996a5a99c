/**
 * The upgrade step: the room types offered as upgrades of an item that
 * are eligible (rooms left, a rate on the same rate plan, the party fits), with what they add.
 */
import type { RoomsLeft } from '@hotel/domain/basket';
import type { Minor } from '@hotel/domain/money';
import { isUpgradeEligible } from '@hotel/domain/occupancy';
import { upgradePriceDifference } from '@hotel/domain/pricing';
import { Button } from '../../components/button';
import { Panel, Section } from '../../components/layout';
import { Price } from '../../components/price';
import { useMoney } from '../../hooks/use-money';
import { roomCostOf } from '../../lib/rate-price';
import type { BookingItem } from '../../stores/booking-store';
import type { Rate as WireRate, RoomType as WireRoomType, Upgrade as WireUpgrade } from '@hotel/domain/wire/search-response';

export interface UpgradeOption {
  upgrade: WireUpgrade;
  rate: WireRate;
  total: Minor;
  original: Minor;
  difference: Minor;
}

/** The eligible upgrades of an item, cheapest first; the search's prices are in the property's `currency`. */
export function upgradeOptions(
  roomType: WireRoomType | undefined,
  item: BookingItem,
  roomsLeft: RoomsLeft,
  currency: string,
): UpgradeOption[] {
  if (roomType === undefined) return [];
  return roomType.Upgrades.filter((upgrade) =>
    isUpgradeEligible({
      upgrade,
      roomsLeft: roomsLeft[String(upgrade.RoomTypeId)] ?? 0,
      currentRatePlanId: item.RatePlanId,
      party: item.party,
    }),
  )
    .flatMap((upgrade) => {
      const rate = upgrade.AvailableRates.find((candidate) => candidate.RatePlanId === item.RatePlanId);
      if (rate === undefined) return [];
      // The search priced the upgrade's rates for every searched room; this item fills room `roomNumber`.
      const price = roomCostOf(rate, item.roomNumber - 1, currency);
      if (price === null) return [];
      return [
        { upgrade, rate, total: price.total, original: price.original, difference: upgradePriceDifference(item.roomCost, price.total) },
      ];
    })
    .sort((a, b) => a.difference - b.difference);
}

export function UpgradeStep(props: {
  item: BookingItem;
  options: UpgradeOption[];
  details: (roomTypeId: number) => { ImageUrls: string[]; Description: string } | undefined;
  unit: { one: string; One: string };
  busy: boolean;
  onUpgrade: (option: UpgradeOption) => void;
  onSkip: () => void;
}) {
  const money = useMoney();
  return (
    <Section
      title={<>Upgrade your {props.unit.one}</>}
      titleSize="2xl"
      subtitle={
        <>
          {props.unit.One} {props.item.roomNumber}: {props.item.roomTypeName}, {props.item.ratePlanName}
        </>
      }
      className="space-y-4"
    >
      <ul className="space-y-3">
        {props.options.map((option) => {
          const details = props.details(option.upgrade.RoomTypeId);
          return (
            <Panel as="li" key={option.upgrade.RoomTypeId} className="flex flex-col gap-4 sm:flex-row">
              {details?.ImageUrls[0] && (
                <img
                  src={details.ImageUrls[0]}
                  alt={option.upgrade.Name}
                  // Drawn whole, as on the room type cards: words on a hotel's picture are not cut off.
                  className="aspect-4/3 w-full rounded-md bg-gray-100 object-contain sm:w-48 sm:shrink-0 sm:self-start"
                  width={192}
                  height={144}
                />
              )}
              <div className="flex-1 space-y-1">
                <h3 className="text-lg font-semibold">{option.upgrade.Name}</h3>
                {details && <p className="text-gray-800">{details.Description}</p>}
                <p>
                  <span className="font-semibold">+{money.display(Math.max(0, option.difference))}</span> for your stay (
                  <Price amount={option.total} original={option.original} /> in total)
                </p>
              </div>
              <div className="self-end">
                <Button disabled={props.busy} onClick={() => props.onUpgrade(option)} aria-label={`Upgrade to ${option.upgrade.Name}`}>
                  Upgrade
                </Button>
              </div>
            </Panel>
          );
        })}
      </ul>
      <Button variant="secondary" onClick={props.onSkip} disabled={props.busy}>
        No thanks, keep my {props.unit.one}
      </Button>
    </Section>
  );
}
