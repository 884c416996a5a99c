import type { z } from 'zod';
import { issuePath } from '@hotel/domain/model-state';
import { isPaystackCurrency, PAYSTACK_CURRENCIES, stripeCurrencyProblem } from '../payments';
import { currencyExponent, hasCurrencyDecimals } from '@hotel/domain/money';
import { PRICE_FIELDS } from '@hotel/domain/pricing';
import type { Definition, PropertyDefinition } from './definition-schema';
import { salvageDefinition, type CodesWritten, type SalvagedDefinition, type SalvagedProperty } from './salvaged-definition';

/** One problem in a definition file, located by its JSON path (`Properties[0].RatePlans[1].Prices[3].RoomType`). */
export type DefinitionProblem = { path: string; message: string };

function problemsFromZod(issues: readonly z.core.$ZodIssue[]): DefinitionProblem[] {
  return issues.map((issue) => ({ path: issuePath(issue.path) || '(root)', message: issue.message }));
}

type Path = (string | number)[];

function duplicates(values: readonly (string | undefined)[], at: (index: number) => Path, what: string, out: DefinitionProblem[]): void {
  const seen = new Map<string, number>();
  values.forEach((value, index) => {
    if (value === undefined) return;
    const key = value.toLowerCase();
    if (seen.has(key)) out.push({ path: issuePath(at(index)), message: `duplicate ${what} "${value}"` });
    else seen.set(key, index);
  });
}

function known(
  values: readonly string[] | null | undefined,
  pool: ReadonlySet<string>,
  at: (index: number) => Path,
  what: string,
  out: DefinitionProblem[],
): void {
  values?.forEach((value, index) => {
    if (!pool.has(value)) out.push({ path: issuePath(at(index)), message: `unknown ${what} "${value}"` });
  });
}

function ordered(from: string | null | undefined, to: string | null | undefined, at: Path, out: DefinitionProblem[]): void {
  if (from && to && to < from) out.push({ path: issuePath(at), message: `must not be before ${from}` });
}

const noCodesWritten: CodesWritten = { roomTypes: [], ratePlans: [] };

/** What a price with more decimals than its currency has is told: what the currency allows, and what to do. */
function tooManyDecimalsMessage(currency: string): string {
  const decimals = currencyExponent(currency);
  return decimals === 0
    ? `must be a whole number: ${currency} has no decimals, so write the price without them`
    : `must have at most ${decimals} decimals: ${currency} has ${decimals}, so round the price to them`;
}

/**
 * Every price of a property written with more decimals than its currency has (¥100.5, £14.505):
 * it could be neither charged nor shown as written, and rounding it would sell another price.
 */
function priceDecimalProblems(
  property: Pick<PropertyDefinition, 'RatePlans' | 'Promotions' | 'Services' | 'GiftVouchers'>,
  currency: string,
  p: Path,
  out: DefinitionProblem[],
): void {
  const check = (amount: number | null | undefined, at: Path) => {
    if (amount != null && !hasCurrencyDecimals(amount, currency))
      out.push({ path: issuePath(at), message: tooManyDecimalsMessage(currency) });
  };
  property.RatePlans.forEach((ratePlan, i) =>
    ratePlan.Prices.forEach((price, j) => PRICE_FIELDS.forEach((field) => check(price[field], [...p, 'RatePlans', i, 'Prices', j, field]))),
  );
  property.Promotions.forEach((promotion, i) => check(promotion.DiscountAmountPerNight, [...p, 'Promotions', i, 'DiscountAmountPerNight']));
  property.Services.forEach((service, i) =>
    service.Articles.forEach((article, j) => check(article.Price, [...p, 'Services', i, 'Articles', j, 'Price'])),
  );
  property.GiftVouchers.forEach((voucher, i) => check(voucher.Balance, [...p, 'GiftVouchers', i, 'Balance']));
}

/**
 * A property's cross-reference problems. `property` may be salvaged from a file the schema
 * refused (salvaged-definition.ts): a check runs only on the fields it needs that are valid.
 */
function propertyProblems(salvaged: SalvagedProperty, p: Path, codesWritten: CodesWritten): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  const property = {
    ...salvaged,
    RoomTypes: salvaged.RoomTypes ?? [],
    RatePlans: salvaged.RatePlans ?? [],
    Promotions: salvaged.Promotions ?? [],
    Closures: salvaged.Closures ?? [],
    Services: salvaged.Services ?? [],
    GiftVouchers: salvaged.GiftVouchers ?? [],
    Companies: salvaged.Companies ?? [],
    CancellationReasons: salvaged.CancellationReasons ?? [],
    Restaurants: salvaged.Restaurants ?? [],
    AvailableCurrencies: salvaged.AvailableCurrencies ?? [],
  };
  const roomTypeCodes = new Set([...property.RoomTypes.map((r) => r.Code), ...codesWritten.roomTypes]);
  const ratePlanCodes = new Set([...property.RatePlans.map((r) => r.Code), ...codesWritten.ratePlans]);
  const { Payments: payments, Currency: currency } = property;
  if (property.PayByPaystack && payments && payments.Provider !== 'test' && payments.Provider !== 'paystack')
    out.push({ path: issuePath([...p, 'PayByPaystack']), message: `contradicts Payments.Provider "${payments.Provider}"` });
  // PayStack settles in a few currencies only: a property in another could never be paid (docs/paystack.md).
  if ((property.PayByPaystack || payments?.Provider === 'paystack') && currency !== undefined && !isPaystackCurrency(currency))
    out.push({
      path: issuePath([...p, 'Currency']),
      message: `PayStack does not take ${currency}: use one of ${PAYSTACK_CURRENCIES.join(', ')}, or another payment provider`,
    });
  // Stripe must be able to charge every price exactly: not KWD fils ending in other than 0 (docs/pricing.md).
  const stripeProblem = payments?.Provider === 'stripe' && currency !== undefined ? stripeCurrencyProblem(currency) : null;
  if (stripeProblem !== null) out.push({ path: issuePath([...p, 'Currency']), message: stripeProblem });
  if (payments?.Provider === 'stripe' && !payments.PublicKey)
    out.push({
      path: issuePath([...p, 'Payments', 'PublicKey']),
      message: "is required with Stripe: the browser's Payment Element needs the publishable key",
    });

  duplicates(
    property.RoomTypes.map((r) => r.Code),
    (i) => [...p, 'RoomTypes', i, 'Code'],
    'room type code',
    out,
  );
  duplicates(
    property.RatePlans.map((r) => r.Code),
    (i) => [...p, 'RatePlans', i, 'Code'],
    'rate plan code',
    out,
  );
  duplicates(
    property.Promotions.map((r) => r.Code),
    (i) => [...p, 'Promotions', i, 'Code'],
    'promotion code',
    out,
  );
  duplicates(
    property.Services.map((r) => r.Code),
    (i) => [...p, 'Services', i, 'Code'],
    'service code',
    out,
  );
  duplicates(
    property.GiftVouchers.map((r) => r.Code),
    (i) => [...p, 'GiftVouchers', i, 'Code'],
    'gift voucher code',
    out,
  );
  duplicates(
    property.Companies.map((r) => r.AccountId),
    (i) => [...p, 'Companies', i, 'AccountId'],
    'company account id',
    out,
  );
  duplicates(
    property.Restaurants.map((r) => r.Name),
    (i) => [...p, 'Restaurants', i, 'Name'],
    'restaurant name',
    out,
  );
  duplicates(property.CancellationReasons, (i) => [...p, 'CancellationReasons', i], 'cancellation reason', out);
  duplicates(
    property.RoomTypes.flatMap((r) => r.Rooms),
    () => [...p, 'RoomTypes'],
    'room number',
    out,
  );

  if (currency !== undefined) priceDecimalProblems(property, currency, p, out);
  if (currency !== undefined && property.AvailableCurrencies.length > 0 && !property.AvailableCurrencies.includes(currency)) {
    out.push({ path: issuePath([...p, 'AvailableCurrencies']), message: `must include the property's currency ${currency}` });
  }
  const occupancy = property.Occupancy;
  if (occupancy && occupancy.DefaultOccupancyAdult > occupancy.AdultMaximumOccupancy) {
    out.push({ path: issuePath([...p, 'Occupancy', 'DefaultOccupancyAdult']), message: 'must not exceed AdultMaximumOccupancy' });
  }

  property.RoomTypes.forEach((roomType, i) => {
    const at: Path = [...p, 'RoomTypes', i];
    known(roomType.UpgradesTo, roomTypeCodes, (j) => [...at, 'UpgradesTo', j], 'room type', out);
    if (roomType.UpgradesTo.includes(roomType.Code))
      out.push({ path: issuePath([...at, 'UpgradesTo']), message: 'a room type cannot upgrade to itself' });
    if (roomType.MinimumOccupancy != null && roomType.MaximumOccupancy != null && roomType.MinimumOccupancy > roomType.MaximumOccupancy) {
      out.push({ path: issuePath([...at, 'MinimumOccupancy']), message: 'must not exceed MaximumOccupancy' });
    }
  });

  property.RatePlans.forEach((ratePlan, i) => {
    const at: Path = [...p, 'RatePlans', i];
    if (ratePlan.MinimumOccupancy != null && ratePlan.MaximumOccupancy != null && ratePlan.MinimumOccupancy > ratePlan.MaximumOccupancy) {
      out.push({ path: issuePath([...at, 'MinimumOccupancy']), message: 'must not exceed MaximumOccupancy' });
    }
    ratePlan.Prices.forEach((price, j) => {
      if (!roomTypeCodes.has(price.RoomType))
        out.push({ path: issuePath([...at, 'Prices', j, 'RoomType']), message: `unknown room type "${price.RoomType}"` });
      ordered(price.From, price.To, [...at, 'Prices', j, 'To'], out);
    });
  });

  property.Promotions.forEach((promotion, i) => {
    const at: Path = [...p, 'Promotions', i];
    known(promotion.RatePlans, ratePlanCodes, (j) => [...at, 'RatePlans', j], 'rate plan', out);
    known(promotion.RoomTypes, roomTypeCodes, (j) => [...at, 'RoomTypes', j], 'room type', out);
    ordered(promotion.StayFrom, promotion.StayTo, [...at, 'StayTo'], out);
    ordered(promotion.BookFrom, promotion.BookTo, [...at, 'BookTo'], out);
  });

  property.Closures.forEach((closure, i) => {
    const at: Path = [...p, 'Closures', i];
    const roomType = property.RoomTypes.find((r) => r.Code === closure.RoomType);
    if (!roomType) out.push({ path: issuePath([...at, 'RoomType']), message: `unknown room type "${closure.RoomType}"` });
    else if (closure.Rooms > roomType.Rooms.length)
      out.push({
        path: issuePath([...at, 'Rooms']),
        message: `closes ${closure.Rooms} rooms but ${closure.RoomType} has ${roomType.Rooms.length}`,
      });
    ordered(closure.From, closure.To, [...at, 'To'], out);
  });

  property.Services.forEach((service, i) => {
    const at: Path = [...p, 'Services', i];
    known(service.RoomTypes, roomTypeCodes, (j) => [...at, 'RoomTypes', j], 'room type', out);
    known(service.RatePlans, ratePlanCodes, (j) => [...at, 'RatePlans', j], 'rate plan', out);
    ordered(service.From, service.To, [...at, 'To'], out);
  });

  property.Restaurants.forEach((restaurant, i) => {
    const at: Path = [...p, 'Restaurants', i];
    if (restaurant.MinOnlinePartySize > restaurant.MaxOnlinePartySize)
      out.push({ path: issuePath([...at, 'MinOnlinePartySize']), message: 'must not exceed MaxOnlinePartySize' });
    restaurant.Sittings.forEach((sitting, j) => {
      if (sitting.To < sitting.From)
        out.push({ path: issuePath([...at, 'Sittings', j, 'To']), message: `must not be before ${sitting.From}` });
    });
  });

  const defaultRestaurant = property.BookingConfiguration?.RestaurantBookingDefaultRestaurant;
  if (defaultRestaurant && !property.Restaurants.some((r) => r.Name.toLowerCase() === defaultRestaurant.toLowerCase())) {
    out.push({
      path: issuePath([...p, 'BookingConfiguration', 'RestaurantBookingDefaultRestaurant']),
      message: `unknown restaurant "${defaultRestaurant}"`,
    });
  }
  return out;
}

function problemsOf({ Groups: groups, Properties: salvaged }: SalvagedDefinition): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  duplicates(
    salvaged.map(({ property }) => property.Code),
    (i) => ['Properties', i, 'Code'],
    'property code',
    out,
  );
  duplicates(
    groups.map((g) => g.Code),
    (i) => ['Groups', i, 'Code'],
    'group code',
    out,
  );
  salvaged.forEach(({ property, codesWritten }, i) => out.push(...propertyProblems(property, ['Properties', i], codesWritten)));
  return out;
}

/** Every cross-reference problem a parsed definition has on its own (the database adds its own checks). */
export function definitionProblems(definition: Definition): DefinitionProblem[] {
  return problemsOf({
    Groups: definition.Groups,
    Properties: definition.Properties.map((property) => ({ property, codesWritten: noCodesWritten })),
  });
}

/**
 * Every problem of a definition the schema refused: the schema's own, then the cross-reference
 * problems of the parts that are valid, so one run lists them all.
 */
export function refusedDefinitionProblems(input: unknown, issues: readonly z.core.$ZodIssue[]): DefinitionProblem[] {
  return [...problemsFromZod(issues), ...problemsOf(salvageDefinition(input))];
}
