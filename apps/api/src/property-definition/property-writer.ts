import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { formatMoney, toMinor } from '@hotel/domain/money';
import {
  cancellationReasons,
  cardTypes,
  closures,
  companies,
  exchangeRates,
  giftVouchers,
  promotionRatePlans,
  promotionRoomTypes,
  promotions,
  properties,
  propertyCardTypes,
  propertyGroups,
  ratePlans,
  restaurantPromotions,
  restaurantSittings,
  restaurantTables,
  restaurants,
  roomConfigurations,
  roomTypeUpgrades,
  roomTypes,
  rooms,
  serviceArticles,
  serviceRatePlans,
  serviceRoomTypes,
  services,
} from '@hotel/db/schema';
import type { Tx } from '../database';
import { voucherSpentNet } from '../voucher';
import { issuePath } from '@hotel/domain/model-state';
import type { Definition, PropertyDefinition } from './definition-schema';
import type { DefinitionProblem } from './definition-problems';
import {
  clearNightlyPrices,
  findOverusedServiceNights,
  findOversoldNights,
  writePriceEntry,
  writeRoomTypeInventory,
  writeServiceInventory,
  type NightWindow,
} from './sellable-nights';

type CodeIds = Map<string, number>;

/** Upserts the groups by code; answers their ids by code. */
export async function writeGroups(tx: Tx, groups: Definition['Groups']): Promise<CodeIds> {
  const ids: CodeIds = new Map();
  for (const group of groups) {
    const [row] = await tx
      .insert(propertyGroups)
      .values({ code: group.Code, name: group.Name })
      .onConflictDoUpdate({ target: propertyGroups.code, set: { name: group.Name } })
      .returning({ id: propertyGroups.id });
    ids.set(group.Code, row!.id);
  }
  return ids;
}

/** Upserts the display exchange rates, stored both ways round from the file's base. */
export async function writeExchangeRates(tx: Tx, rates: NonNullable<Definition['ExchangeRates']>): Promise<void> {
  for (const [currency, rate] of Object.entries(rates.Rates)) {
    if (currency === rates.Base) continue;
    await tx
      .insert(exchangeRates)
      .values({ base: rates.Base, currency, rate })
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency], set: { rate, updatedAt: new Date() } });
  }
}

function propertyColumns(p: PropertyDefinition, groupId: number | undefined) {
  const { AccommodationUnitNoun, ...booking } = p.BookingConfiguration;
  return {
    code: p.Code,
    name: p.Name,
    ...(groupId !== undefined ? { groupId } : {}),
    timeZone: p.TimeZone,
    currency: p.Currency,
    availableCurrencies: p.AvailableCurrencies,
    address: p.Address,
    email: p.Email ?? null,
    reservationsEmail: p.ReservationsEmail === undefined ? (p.Email ?? null) : p.ReservationsEmail,
    webhooks: p.Webhooks.map((endpoint) => ({ url: endpoint.Url, secret: endpoint.Secret, events: endpoint.Events })),
    telephone: p.Telephone ?? null,
    websiteUrl: p.WebsiteUrl ?? null,
    privacyPolicyUrl: p.PrivacyPolicyUrl ?? null,
    termsAndConditionsUrl: p.TermsAndConditionsUrl ?? null,
    logoFileUrl: p.LogoFileUrl ?? null,
    propertyImageUrl: p.PropertyImageUrl ?? null,
    hotelRating: p.HotelRating ?? null,
    googleTagManagerContainerId: p.GoogleTagManagerContainerId ?? null,
    facebookPixelId: p.FacebookPixelId ?? null,
    defaultPhoneCountryCode: p.DefaultPhoneCountryCode,
    standardVatRate: p.StandardVatRate,
    isStandardTaxExclusive: p.IsStandardTaxExclusive,
    // PayByPaystack is the spec's older switch for the same choice as Payments.Provider "paystack".
    payByPaystack: p.PayByPaystack || p.Payments.Provider === 'paystack',
    paymentProvider: p.PayByPaystack ? 'paystack' : p.Payments.Provider,
    paymentPublicKey: p.Payments.PublicKey ?? null,
    paymentCaptureMethod: p.Payments.CaptureMethod,
    theme: p.Theme ?? null,
    enableChildrenSearch: p.Occupancy.EnableChildrenSearch,
    enableInfantSearch: p.Occupancy.EnableInfantSearch,
    defaultOccupancyAdult: p.Occupancy.DefaultOccupancyAdult,
    defaultOccupancyChildren: p.Occupancy.DefaultOccupancyChildren,
    defaultOccupancyInfant: p.Occupancy.DefaultOccupancyInfant,
    adultMaximumOccupancy: p.Occupancy.AdultMaximumOccupancy,
    childMaximumOccupancy: p.Occupancy.ChildMaximumOccupancy,
    adultLabel: p.Occupancy.AdultLabel,
    childrenLabel: p.Occupancy.ChildrenLabel,
    infantLabel: p.Occupancy.InfantLabel,
    showRoomTypeOccupancy: p.Occupancy.ShowRoomTypeOccupancy,
    bookingConfiguration: {
      ...booking,
      MaxNumberOfRoomsOnBooking: booking.MaxNumberOfRoomsOnBooking ?? null,
      CustomTermsAndConditionsLabel: booking.CustomTermsAndConditionsLabel ?? null,
      CustomTermsAndConditionsText: booking.CustomTermsAndConditionsText ?? null,
      RestaurantBookingDefaultRestaurant: booking.RestaurantBookingDefaultRestaurant ?? null,
      SameDayBookingRestrictionMessage: booking.SameDayBookingRestrictionMessage ?? null,
      AccommodationUnitNoun,
    },
    manageBookingConfiguration: p.ManageBookingConfiguration,
    preCheckInConfiguration: p.PreCheckInConfiguration,
    definition: p as unknown as Record<string, unknown>,
  };
}

async function writeCardTypes(tx: Tx, propertyId: number, names: string[]): Promise<void> {
  await tx.delete(propertyCardTypes).where(eq(propertyCardTypes.propertyId, propertyId));
  if (names.length === 0) return;
  const lowered = names.map((n) => n.toLowerCase());
  const ids = await tx
    .select({ id: cardTypes.id })
    .from(cardTypes)
    .where(sql`lower(${cardTypes.name}) IN ${lowered} OR lower(${cardTypes.code}) IN ${lowered}`);
  if (ids.length > 0) await tx.insert(propertyCardTypes).values(ids.map(({ id }) => ({ propertyId, cardTypeId: id })));
}

async function writeCancellationReasons(tx: Tx, propertyId: number, reasons: string[]): Promise<void> {
  await tx.update(cancellationReasons).set({ isActive: false }).where(eq(cancellationReasons.propertyId, propertyId));
  for (const [sortOrder, text] of reasons.entries()) {
    await tx
      .insert(cancellationReasons)
      .values({ propertyId, text, sortOrder })
      .onConflictDoUpdate({ target: [cancellationReasons.propertyId, cancellationReasons.text], set: { sortOrder, isActive: true } });
  }
}

async function writeRoomTypes(tx: Tx, propertyId: number, p: PropertyDefinition): Promise<CodeIds> {
  const ids: CodeIds = new Map();
  for (const [sortOrder, roomType] of p.RoomTypes.entries()) {
    const values = {
      propertyId,
      code: roomType.Code,
      name: roomType.Name,
      description: roomType.Description,
      imageUrls: roomType.ImageUrls,
      maximumOccupancy: roomType.MaximumOccupancy ?? null,
      minimumOccupancy: roomType.MinimumOccupancy ?? null,
      adultMaximumOccupancy: roomType.AdultMaximumOccupancy ?? null,
      childMaximumOccupancy: roomType.ChildMaximumOccupancy ?? null,
      sortOrder,
      isActive: true,
    };
    const [row] = await tx
      .insert(roomTypes)
      .values(values)
      .onConflictDoUpdate({ target: [roomTypes.propertyId, roomTypes.code], set: values })
      .returning({ id: roomTypes.id });
    const roomTypeId = row!.id;
    ids.set(roomType.Code, roomTypeId);

    await tx.delete(rooms).where(and(eq(rooms.roomTypeId, roomTypeId), notInArray(rooms.number, roomType.Rooms)));
    await tx
      .insert(rooms)
      .values(roomType.Rooms.map((number) => ({ roomTypeId, number })))
      .onConflictDoNothing();

    if (roomType.Configurations.length > 0) {
      await tx
        .delete(roomConfigurations)
        .where(and(eq(roomConfigurations.roomTypeId, roomTypeId), notInArray(roomConfigurations.label, roomType.Configurations)));
    } else {
      await tx.delete(roomConfigurations).where(eq(roomConfigurations.roomTypeId, roomTypeId));
    }
    for (const [order, label] of roomType.Configurations.entries()) {
      await tx
        .insert(roomConfigurations)
        .values({ roomTypeId, label, sortOrder: order })
        .onConflictDoUpdate({ target: [roomConfigurations.roomTypeId, roomConfigurations.label], set: { sortOrder: order } });
    }
  }
  // Room types the file no longer lists stay (reservations point at them) but are no longer sold.
  await tx
    .update(roomTypes)
    .set({ isActive: false })
    .where(and(eq(roomTypes.propertyId, propertyId), notInArray(roomTypes.code, [...ids.keys()])));

  const allIds = [...ids.values()];
  await tx.delete(roomTypeUpgrades).where(inArray(roomTypeUpgrades.fromRoomTypeId, allIds));
  const upgrades = p.RoomTypes.flatMap((roomType) =>
    roomType.UpgradesTo.map((to, sortOrder) => ({ fromRoomTypeId: ids.get(roomType.Code)!, toRoomTypeId: ids.get(to)!, sortOrder })),
  );
  if (upgrades.length > 0) await tx.insert(roomTypeUpgrades).values(upgrades);

  await tx.delete(closures).where(inArray(closures.roomTypeId, allIds));
  if (p.Closures.length > 0) {
    await tx
      .insert(closures)
      .values(p.Closures.map((c) => ({ roomTypeId: ids.get(c.RoomType)!, firstNight: c.From, lastNight: c.To, rooms: c.Rooms })));
  }
  return ids;
}

async function writeRatePlans(tx: Tx, propertyId: number, p: PropertyDefinition): Promise<CodeIds> {
  const ids: CodeIds = new Map();
  for (const [sortOrder, plan] of p.RatePlans.entries()) {
    const values = {
      propertyId,
      code: plan.Code,
      name: plan.Name,
      description: plan.Description,
      policy: plan.Policy,
      cancellationDeadlineHours: plan.CancellationDeadlineHours ?? null,
      requiresCode: plan.RequiresCode,
      canPayByCompanyInvoice: plan.CanPayByCompanyInvoice,
      useOccupancyForRatePlan: plan.UseOccupancyForRatePlan,
      maximumOccupancy: plan.MaximumOccupancy ?? null,
      minimumOccupancy: plan.MinimumOccupancy ?? null,
      adultMaximumOccupancy: plan.AdultMaximumOccupancy ?? null,
      childMaximumOccupancy: plan.ChildMaximumOccupancy ?? null,
      sortOrder,
      isActive: true,
    };
    const [row] = await tx
      .insert(ratePlans)
      .values(values)
      .onConflictDoUpdate({ target: [ratePlans.propertyId, ratePlans.code], set: values })
      .returning({ id: ratePlans.id });
    ids.set(plan.Code, row!.id);
  }
  await tx
    .update(ratePlans)
    .set({ isActive: false })
    .where(and(eq(ratePlans.propertyId, propertyId), notInArray(ratePlans.code, [...ids.keys()])));
  return ids;
}

async function writePrices(
  tx: Tx,
  propertyId: number,
  p: PropertyDefinition,
  ratePlanIds: CodeIds,
  roomTypeIds: CodeIds,
  window: NightWindow,
): Promise<void> {
  const everyPlan = await tx.select({ id: ratePlans.id }).from(ratePlans).where(eq(ratePlans.propertyId, propertyId));
  await clearNightlyPrices(
    tx,
    everyPlan.map((row) => row.id),
    window,
  );
  for (const plan of p.RatePlans) {
    for (const price of plan.Prices) {
      await writePriceEntry(tx, ratePlanIds.get(plan.Code)!, roomTypeIds.get(price.RoomType)!, price, window, p.Currency);
    }
  }
}

async function writeInventory(
  tx: Tx,
  p: PropertyDefinition,
  roomTypeIds: CodeIds,
  window: NightWindow,
  at: (...path: (string | number)[]) => string,
): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  for (const [i, roomType] of p.RoomTypes.entries()) {
    const roomTypeId = roomTypeIds.get(roomType.Code)!;
    const oversold = await findOversoldNights(tx, roomTypeId, roomType.Rooms.length, window);
    if (oversold.length > 0) {
      const nights = oversold.map((n) => `${n.night} (${n.sold} sold, ${n.total} left)`).join(', ');
      problems.push({
        path: at('RoomTypes', i, 'Rooms'),
        message: `fewer rooms than already sold on ${nights}: reduce closures or keep the rooms`,
      });
      continue;
    }
    await writeRoomTypeInventory(tx, roomTypeId, roomType.Rooms.length, window);
  }
  return problems;
}

async function writePromotions(
  tx: Tx,
  propertyId: number,
  p: PropertyDefinition,
  ratePlanIds: CodeIds,
  roomTypeIds: CodeIds,
): Promise<void> {
  const listed = p.Promotions.map((promotion) => promotion.Code.toLowerCase());
  await tx
    .delete(promotions)
    .where(and(eq(promotions.propertyId, propertyId), listed.length > 0 ? sql`lower(${promotions.code}) NOT IN ${listed}` : undefined));
  for (const promotion of p.Promotions) {
    const values = {
      propertyId,
      code: promotion.Code,
      name: promotion.Name,
      message: promotion.Message ?? '',
      discountPercent: promotion.DiscountPercent ?? null,
      discountAmountPerNight: promotion.DiscountAmountPerNight != null ? toMinor(promotion.DiscountAmountPerNight, p.Currency) : null,
      stayFrom: promotion.StayFrom ?? null,
      stayTo: promotion.StayTo ?? null,
      stayWeekdays: promotion.StayWeekdays ?? null,
      stayMonths: promotion.StayMonths ?? null,
      bookFrom: promotion.BookFrom ?? null,
      bookTo: promotion.BookTo ?? null,
      minLengthOfStay: promotion.MinLengthOfStay,
    };
    const [existing] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.propertyId, propertyId), sql`lower(${promotions.code}) = ${promotion.Code.toLowerCase()}`));
    const promotionId = existing
      ? (await tx.update(promotions).set(values).where(eq(promotions.id, existing.id)).returning({ id: promotions.id }))[0]!.id
      : (await tx.insert(promotions).values(values).returning({ id: promotions.id }))[0]!.id;
    await tx.delete(promotionRatePlans).where(eq(promotionRatePlans.promotionId, promotionId));
    await tx.delete(promotionRoomTypes).where(eq(promotionRoomTypes.promotionId, promotionId));
    await tx.insert(promotionRatePlans).values(promotion.RatePlans.map((code) => ({ promotionId, ratePlanId: ratePlanIds.get(code)! })));
    if (promotion.RoomTypes && promotion.RoomTypes.length > 0) {
      await tx.insert(promotionRoomTypes).values(promotion.RoomTypes.map((code) => ({ promotionId, roomTypeId: roomTypeIds.get(code)! })));
    }
  }
}

async function writeServices(
  tx: Tx,
  propertyId: number,
  p: PropertyDefinition,
  ids: { ratePlans: CodeIds; roomTypes: CodeIds },
  window: NightWindow,
  at: (...path: (string | number)[]) => string,
): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  for (const [i, service] of p.Services.entries()) {
    const values = {
      propertyId,
      code: service.Code,
      name: service.Name,
      description: service.Description,
      chargeType: service.ChargeType,
      chargePerPerson: service.ChargePerPerson,
      allowEditOnBookingEngine: service.AllowEditOnBookingEngine,
      startingInventory: service.StartingInventory ?? null,
      offeredFrom: service.From ?? null,
      offeredTo: service.To ?? null,
      sortOrder: i,
      isActive: true,
    };
    const [row] = await tx
      .insert(services)
      .values(values)
      .onConflictDoUpdate({ target: [services.propertyId, services.code], set: values })
      .returning({ id: services.id });
    const serviceId = row!.id;
    await tx.delete(serviceArticles).where(eq(serviceArticles.serviceId, serviceId));
    await tx.insert(serviceArticles).values(
      service.Articles.map((article, sortOrder) => ({
        serviceId,
        name: article.Name,
        price: toMinor(article.Price, p.Currency),
        sortOrder,
      })),
    );
    await tx.delete(serviceRoomTypes).where(eq(serviceRoomTypes.serviceId, serviceId));
    await tx.delete(serviceRatePlans).where(eq(serviceRatePlans.serviceId, serviceId));
    if (service.RoomTypes?.length)
      await tx.insert(serviceRoomTypes).values(service.RoomTypes.map((code) => ({ serviceId, roomTypeId: ids.roomTypes.get(code)! })));
    if (service.RatePlans?.length)
      await tx.insert(serviceRatePlans).values(service.RatePlans.map((code) => ({ serviceId, ratePlanId: ids.ratePlans.get(code)! })));

    if (service.StartingInventory != null) {
      const overused = await findOverusedServiceNights(tx, serviceId, service.StartingInventory, window);
      if (overused.length > 0) {
        problems.push({ path: at('Services', i, 'StartingInventory'), message: `more units are already booked on ${overused.join(', ')}` });
        continue;
      }
    }
    await writeServiceInventory(tx, serviceId, service.StartingInventory, window);
  }
  await tx
    .update(services)
    .set({ isActive: false })
    .where(
      and(eq(services.propertyId, propertyId), notInArray(services.code, p.Services.length > 0 ? p.Services.map((s) => s.Code) : [''])),
    );
  return problems;
}

async function writeGiftVouchers(
  tx: Tx,
  propertyId: number,
  p: PropertyDefinition,
  at: (...path: (string | number)[]) => string,
): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  for (const [i, voucher] of p.GiftVouchers.entries()) {
    const initialAmount = toMinor(voucher.Balance, p.Currency);
    const [existing] = await tx
      .select({ id: giftVouchers.id })
      .from(giftVouchers)
      .where(and(eq(giftVouchers.propertyId, propertyId), sql`lower(${giftVouchers.code}) = ${voucher.Code.toLowerCase()}`));
    if (!existing) {
      await tx.insert(giftVouchers).values({
        propertyId,
        code: voucher.Code,
        initialAmount,
        balance: initialAmount,
        currency: p.Currency,
        expiresOn: voucher.ExpiresOn ?? null,
        isExperience: voucher.IsExperience,
      });
      continue;
    }
    // The file states what the voucher was worth; what guests already spent stays spent.
    const spent = { amount: await voucherSpentNet(tx, existing.id) };
    const balance = initialAmount - spent.amount;
    if (balance < 0) {
      problems.push({
        path: at('GiftVouchers', i, 'Balance'),
        message: `is less than the ${formatMoney({ amount: spent!.amount, currency: p.Currency })} already spent`,
      });
      continue;
    }
    await tx
      .update(giftVouchers)
      .set({
        code: voucher.Code,
        initialAmount,
        balance,
        currency: p.Currency,
        expiresOn: voucher.ExpiresOn ?? null,
        isExperience: voucher.IsExperience,
      })
      .where(eq(giftVouchers.id, existing.id));
  }
  return problems;
}

const companyFields = (company: PropertyDefinition['Companies'][number]) => ({
  accountId: company.AccountId,
  name: company.Name,
  bookerEmailDomains: company.BookerEmailDomains,
  linkedAccounts: company.LinkedAccounts,
});

async function writeCompanies(tx: Tx, propertyId: number, p: PropertyDefinition): Promise<void> {
  const listed = p.Companies.map((c) => c.AccountId);
  await tx
    .delete(companies)
    .where(and(eq(companies.propertyId, propertyId), listed.length > 0 ? notInArray(companies.accountId, listed) : undefined));
  for (const company of p.Companies) {
    await tx
      .insert(companies)
      .values({ propertyId, ...companyFields(company) })
      .onConflictDoUpdate({ target: [companies.propertyId, companies.accountId], set: companyFields(company) });
  }
}

async function writeRestaurants(tx: Tx, propertyId: number, p: PropertyDefinition): Promise<void> {
  const listed = p.Restaurants.map((r) => r.Name.toLowerCase());
  await tx
    .update(restaurants)
    .set({ isActive: false })
    .where(and(eq(restaurants.propertyId, propertyId), listed.length > 0 ? sql`lower(${restaurants.name}) NOT IN ${listed}` : undefined));
  for (const [sortOrder, restaurant] of p.Restaurants.entries()) {
    const values = {
      propertyId,
      name: restaurant.Name,
      minOnlinePartySize: restaurant.MinOnlinePartySize,
      maxOnlinePartySize: restaurant.MaxOnlinePartySize,
      noAvailabilityText: restaurant.NoAvailabilityText,
      sortOrder,
      isActive: true,
    };
    const [existing] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.propertyId, propertyId), sql`lower(${restaurants.name}) = ${restaurant.Name.toLowerCase()}`));
    const restaurantId = existing
      ? (await tx.update(restaurants).set(values).where(eq(restaurants.id, existing.id)).returning({ id: restaurants.id }))[0]!.id
      : (await tx.insert(restaurants).values(values).returning({ id: restaurants.id }))[0]!.id;

    // Tables are numbered in file order; a table no longer listed is retired (bookings may point at it).
    const labels = restaurant.Tables.map((_, i) => `T${i + 1}`);
    for (const [i, capacity] of restaurant.Tables.entries()) {
      await tx
        .insert(restaurantTables)
        .values({ restaurantId, label: labels[i]!, capacity, isActive: true })
        .onConflictDoUpdate({ target: [restaurantTables.restaurantId, restaurantTables.label], set: { capacity, isActive: true } });
    }
    await tx
      .update(restaurantTables)
      .set({ isActive: false })
      .where(and(eq(restaurantTables.restaurantId, restaurantId), notInArray(restaurantTables.label, labels)));

    await tx.delete(restaurantSittings).where(eq(restaurantSittings.restaurantId, restaurantId));
    await tx.insert(restaurantSittings).values(
      restaurant.Sittings.map((s) => ({
        restaurantId,
        weekdays: s.Weekdays,
        firstStart: s.From,
        lastStart: s.To,
        intervalMinutes: s.IntervalMinutes,
        durationMinutes: s.DurationMinutes,
      })),
    );
    const promotionNames = restaurant.Promotions.map((promotion) => promotion.Name);
    await tx
      .delete(restaurantPromotions)
      .where(
        and(
          eq(restaurantPromotions.restaurantId, restaurantId),
          promotionNames.length > 0 ? notInArray(restaurantPromotions.name, promotionNames) : undefined,
        ),
      );
    for (const promotion of restaurant.Promotions) {
      const set = { description: promotion.Description, fromTime: promotion.From, toTime: promotion.To };
      await tx
        .insert(restaurantPromotions)
        .values({ restaurantId, name: promotion.Name, ...set })
        .onConflictDoUpdate({ target: [restaurantPromotions.restaurantId, restaurantPromotions.name], set });
    }
  }
}

/**
 * Writes one property of a definition and everything it owns, upserting by codes so that ids
 * (and every reservation pointing at them) survive re-imports. Answers the problems only the
 * database can see (rooms already sold, vouchers already spent).
 */
export async function writeProperty(
  tx: Tx,
  p: PropertyDefinition,
  { index, groupId, window }: { index: number; groupId: number | undefined; window: NightWindow },
): Promise<DefinitionProblem[]> {
  const at = (...path: (string | number)[]) => issuePath(['Properties', index, ...path]);
  const columns = propertyColumns(p, groupId);
  const [row] = await tx
    .insert(properties)
    .values(columns)
    // Everything below may change what is sold and at what price: the caches keyed on the
    // version (availability/catalogue-cache.ts) reload once this transaction commits.
    .onConflictDoUpdate({ target: properties.code, set: { ...columns, catalogueVersion: sql`${properties.catalogueVersion} + 1` } })
    .returning({ id: properties.id });
  const propertyId = row!.id;

  await writeCardTypes(tx, propertyId, p.CreditCards);
  await writeCancellationReasons(tx, propertyId, p.CancellationReasons);
  const roomTypeIds = await writeRoomTypes(tx, propertyId, p);
  const ratePlanIds = await writeRatePlans(tx, propertyId, p);
  await writePrices(tx, propertyId, p, ratePlanIds, roomTypeIds, window);
  const problems = await writeInventory(tx, p, roomTypeIds, window, at);
  await writePromotions(tx, propertyId, p, ratePlanIds, roomTypeIds);
  problems.push(...(await writeServices(tx, propertyId, p, { ratePlans: ratePlanIds, roomTypes: roomTypeIds }, window, at)));
  problems.push(...(await writeGiftVouchers(tx, propertyId, p, at)));
  await writeCompanies(tx, propertyId, p);
  await writeRestaurants(tx, propertyId, p);
  return problems;
}
