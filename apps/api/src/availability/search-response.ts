import type { Rate, RoomType, Upgrade } from '@hotel/domain/wire/search-response';
import { toMajor } from '@hotel/domain/money';
import { pricesToWire, type RoomCost } from '@hotel/domain/pricing';
import { JsonTemplate } from '../http';
import type { RatePlanRow, RoomTypeRow } from './availability-queries';
import type { QuotedRate } from './stay-quote';

/** `derive` made once per catalogue row (and shared, so frozen): a search asks for these per rate and room. */
export function derivedOnce<Row extends object, Derived extends object>(derive: (row: Row) => Derived): (row: Row) => Readonly<Derived> {
  const derived = new WeakMap<Row, Readonly<Derived>>();
  return (row) => {
    let value = derived.get(row);
    if (!value) derived.set(row, (value = Object.freeze(derive(row))));
    return value;
  };
}

/** A quoted rate with what each searched room costs on it (null: the room's party does not fit). */
export type PricedRate = { rate: QuotedRate; roomCosts: (RoomCost | null)[] };

function occupancyOf(limits: {
  maximumOccupancy: number | null;
  minimumOccupancy: number | null;
  adultMaximumOccupancy: number | null;
  childMaximumOccupancy: number | null;
}) {
  return {
    MaximumOccupancy: limits.maximumOccupancy,
    MinimumOccupancy: limits.minimumOccupancy,
    AdultMaximumOccupancy: limits.adultMaximumOccupancy,
    ChildMaximumOccupancy: limits.childMaximumOccupancy,
  };
}

/** A rate's figures for the stay: what its wire form takes from the quote, the rest being its rate plan's. */
type RateValues = ReturnType<typeof pricesToWire> & Pick<Rate, 'Promotion' | 'RoomCosts' | 'MinLengthOfStay'>;

const RATE_VALUES: Record<keyof RateValues, true> = {
  Promotion: true,
  BaseNumberOfAdults: true,
  BaseRate: true,
  CostPerRoom: true,
  CostPerAdult: true,
  CostPerChild: true,
  CostPerInfant: true,
  PerPersonCostPerAdult: true,
  PerPersonCostPerChild: true,
  PerPersonCostPerInfant: true,
  OriginalBaseRate: true,
  OriginalCostPerRoom: true,
  OriginalCostPerAdult: true,
  OriginalCostPerChild: true,
  OriginalCostPerInfant: true,
  OriginalPerPersonCostPerAdult: true,
  OriginalPerPersonCostPerChild: true,
  OriginalPerPersonCostPerInfant: true,
  RoomCosts: true,
  MinLengthOfStay: true,
};

/** The wire's rate plan: its rate plan's fields and the stay's figures. Written out without spreads: an uncached search answers hundreds. */
function rateWire(plan: RatePlanRow, values: RateValues): Rate {
  return {
    RatePlanId: plan.id,
    RatePlanCode: plan.code,
    Name: plan.name,
    Description: plan.description,
    Policy: plan.policy,
    CancellationDeadlineHours: plan.cancellationDeadlineHours,
    Promotion: values.Promotion,
    UseOccupancyForRatePlan: plan.useOccupancyForRatePlan,
    MaximumOccupancy: plan.maximumOccupancy,
    MinimumOccupancy: plan.minimumOccupancy,
    AdultMaximumOccupancy: plan.adultMaximumOccupancy,
    ChildMaximumOccupancy: plan.childMaximumOccupancy,
    BaseNumberOfAdults: values.BaseNumberOfAdults,
    BaseRate: values.BaseRate,
    CostPerRoom: values.CostPerRoom,
    CostPerAdult: values.CostPerAdult,
    CostPerChild: values.CostPerChild,
    CostPerInfant: values.CostPerInfant,
    PerPersonCostPerAdult: values.PerPersonCostPerAdult,
    PerPersonCostPerChild: values.PerPersonCostPerChild,
    PerPersonCostPerInfant: values.PerPersonCostPerInfant,
    OriginalBaseRate: values.OriginalBaseRate,
    OriginalCostPerRoom: values.OriginalCostPerRoom,
    OriginalCostPerAdult: values.OriginalCostPerAdult,
    OriginalCostPerChild: values.OriginalCostPerChild,
    OriginalCostPerInfant: values.OriginalCostPerInfant,
    OriginalPerPersonCostPerAdult: values.OriginalPerPersonCostPerAdult,
    OriginalPerPersonCostPerChild: values.OriginalPerPersonCostPerChild,
    OriginalPerPersonCostPerInfant: values.OriginalPerPersonCostPerInfant,
    RoomCosts: values.RoomCosts,
    CanPayByCompanyInvoice: plan.canPayByCompanyInvoice,
    MinLengthOfStay: values.MinLengthOfStay,
  };
}

/** A priced rate's figures: components summed over the stay and each room's cost, in major units. Written out without a spread, which made V8 build a slow dictionary object. */
function rateValues({ rate, roomCosts }: PricedRate, currency: string): RateValues {
  const prices = pricesToWire(rate.prices, currency);
  return {
    Promotion: rate.promotion && { Code: rate.promotion.code, Name: rate.promotion.name, Message: rate.promotion.message || null },
    BaseNumberOfAdults: prices.BaseNumberOfAdults,
    BaseRate: prices.BaseRate,
    CostPerRoom: prices.CostPerRoom,
    CostPerAdult: prices.CostPerAdult,
    CostPerChild: prices.CostPerChild,
    CostPerInfant: prices.CostPerInfant,
    PerPersonCostPerAdult: prices.PerPersonCostPerAdult,
    PerPersonCostPerChild: prices.PerPersonCostPerChild,
    PerPersonCostPerInfant: prices.PerPersonCostPerInfant,
    OriginalBaseRate: prices.OriginalBaseRate,
    OriginalCostPerRoom: prices.OriginalCostPerRoom,
    OriginalCostPerAdult: prices.OriginalCostPerAdult,
    OriginalCostPerChild: prices.OriginalCostPerChild,
    OriginalCostPerInfant: prices.OriginalCostPerInfant,
    OriginalPerPersonCostPerAdult: prices.OriginalPerPersonCostPerAdult,
    OriginalPerPersonCostPerChild: prices.OriginalPerPersonCostPerChild,
    OriginalPerPersonCostPerInfant: prices.OriginalPerPersonCostPerInfant,
    RoomCosts: roomCosts.map(
      (cost) => cost && { TotalCost: toMajor(cost.total, currency), OriginalTotalCost: toMajor(cost.original, currency) },
    ),
    MinLengthOfStay: rate.minLengthOfStay,
  };
}

/** A priced rate as the wire's rate plan, its amounts in major units of the property's currency. */
export function toRate(priced: PricedRate, currency: string): Rate {
  return rateWire(priced.rate.ratePlan, rateValues(priced, currency));
}

const rateTemplate = derivedOnce((plan: RatePlanRow) => new JsonTemplate(RATE_VALUES, (values: RateValues) => rateWire(plan, values)));

/** As `toRate`, for `jsonBytes` to write: the rate plan's part as bytes made once per catalogue version. */
export function templatedRate(priced: PricedRate, currency: string): Rate {
  return rateTemplate(priced.rate.ratePlan).fill(rateValues(priced, currency));
}

function upgradesWire(upgrades: { roomType: RoomTypeRow; rates: PricedRate[] }[], rateOf: (rate: PricedRate) => Rate): Upgrade[] {
  return upgrades.map((upgrade) => ({
    RoomTypeId: upgrade.roomType.id,
    Name: upgrade.roomType.name,
    ...occupancyOf(upgrade.roomType),
    AvailableRates: upgrade.rates.map(rateOf),
  }));
}

function roomTypeWire(roomType: RoomTypeRow, upgrades: Upgrade[]): RoomType {
  return {
    RoomTypeId: roomType.id,
    RoomTypeCode: roomType.code,
    Name: roomType.name,
    Description: roomType.description,
    ImageUrls: roomType.imageUrls,
    ...occupancyOf(roomType),
    Configurations: roomType.configurations.map((c) => ({ RoomConfigurationDropdownOptionId: c.id, Name: c.label })),
    Upgrades: upgrades,
  };
}

const roomTypeTemplate = derivedOnce(
  (roomType: RoomTypeRow) =>
    new JsonTemplate({ Upgrades: true }, (values: { Upgrades: Upgrade[] }) => roomTypeWire(roomType, values.Upgrades)),
);

/** A room type as the wire's, for `jsonBytes` to write: its own part as bytes made once per catalogue version, its upgrades' rates written by `rateOf` (a search writes each priced rate once). */
export function templatedRoomType(
  roomType: RoomTypeRow,
  upgrades: { roomType: RoomTypeRow; rates: PricedRate[] }[],
  rateOf: (rate: PricedRate) => Rate,
): RoomType {
  return roomTypeTemplate(roomType).fill({ Upgrades: upgradesWire(upgrades, rateOf) });
}
