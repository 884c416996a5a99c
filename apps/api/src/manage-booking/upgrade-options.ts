import { todayIn } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { fitsRoomTypeAndRate, isUpgradeEligible } from '@hotel/domain/occupancy';
import { stayRoomCost, upgradePriceDifference } from '@hotel/domain/pricing';
import type { UpgradeOption, UpgradeOptionsQuery, UpgradeOptionsResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { quoteStay, rateOccupancy, roomTypeLimits, toRate } from '../availability';
import { notFound } from '../errors';
import { findReservationDetails } from '../booking';
import { bookedRatePlanCode, partyOf } from '../booking';
import { findManagedBooking } from '../booking';
import { toManagedReservation } from './managed-reservation';

/**
 * GET /api/ManageBooking/UpgradeOptions: for each room that may still change (it could be
 * cancelled for free), the room types its type upgrades to that it is eligible for (rooms left,
 * its rate plan offered, its party fits: `isUpgradeEligible`), priced for its dates and party as
 * a search prices them, with the difference against what the room costs as booked.
 */
export async function upgradeOptions(
  context: Pick<AppContext, 'database' | 'availability' | 'clock' | 'config'>,
  query: UpgradeOptionsQuery,
): Promise<UpgradeOptionsResponse> {
  const { db } = context.database;
  const { property, reservation } = await findManagedBooking(context, db, {
    PropertyId: query.propertyId,
    ReservationId: query.reservationId,
    Code: query.code,
  });
  const now = context.clock.now();
  const today = todayIn(now, property.timeZone);
  const details = await findReservationDetails(db, reservation.id);
  const managed = toManagedReservation(property, reservation, details, now);
  const { roomTypes, ratePlans } = await context.availability.catalogue.catalogue(property);
  // Read once: every room's quote and the rooms left are answered as of these versions.
  const versions = await context.availability.reads.propertyVersions(property.id);
  if (!versions) throw notFound(`There is no property ${property.id}.`);
  const ratePlanCode = bookedRatePlanCode(ratePlans, details.rooms);

  const options: UpgradeOption[] = [];
  for (const room of details.rooms) {
    if (!managed.Rooms.some((standing) => standing.ReservationItemId === room.id && standing.CanBeCancelled)) continue;
    const targets = roomTypes.find((roomType) => roomType.id === room.roomTypeId)?.upgradesTo ?? [];
    if (targets.length === 0) continue;
    const quote = await quoteStay(context.availability, {
      property: versions,
      from: room.dateFrom,
      to: room.dateTo,
      today,
      promoCode: reservation.promoCode,
      ratePlanCode,
      roomTypeIds: targets,
    });
    const party = partyOf(room);
    for (const entry of quote.roomTypes) {
      const limits = roomTypeLimits(entry.roomType);
      const eligible = isUpgradeEligible({
        upgrade: {
          ...limits,
          AvailableRates: entry.rates.map((rate) => ({ ...rateOccupancy(rate.ratePlan), RatePlanId: rate.ratePlan.id })),
        },
        roomsLeft: entry.freeUnits,
        currentRatePlanId: room.ratePlanId,
        party,
      });
      const rate = entry.rates.find((candidate) => candidate.ratePlan.id === room.ratePlanId);
      if (!eligible || !rate) continue;
      const cost = stayRoomCost(rate.nights, party);
      const priced = (candidate: typeof rate) => ({
        rate: candidate,
        roomCosts: [fitsRoomTypeAndRate(party, limits, rateOccupancy(candidate.ratePlan)) ? stayRoomCost(candidate.nights, party) : null],
      });
      options.push({
        ReservationItemId: room.id,
        RoomType: {
          RoomTypeId: entry.roomType.id,
          RoomTypeCode: entry.roomType.code,
          Name: entry.roomType.name,
          Description: entry.roomType.description,
          ImageUrls: entry.roomType.imageUrls,
          MaximumOccupancy: entry.roomType.maximumOccupancy,
          MinimumOccupancy: entry.roomType.minimumOccupancy,
          AdultMaximumOccupancy: entry.roomType.adultMaximumOccupancy,
          ChildMaximumOccupancy: entry.roomType.childMaximumOccupancy,
          AvailableRates: entry.rates.map((candidate) => toRate(priced(candidate), property.currency)),
        },
        Rate: toRate(priced(rate), property.currency),
        TotalUpgradeCost: toMajor(cost.total, property.currency),
        Difference: toMajor(upgradePriceDifference(room.total, cost.total), property.currency),
      });
    }
  }
  const free = await context.availability.inventory.freeUnits(versions, reservation.dateFrom, reservation.dateTo);
  return {
    RoomTypes: options,
    NumberOfRoomsPerRoomTypeId: Object.fromEntries(roomTypes.map((roomType) => [String(roomType.id), free.get(roomType.id) ?? 0])),
  };
}
