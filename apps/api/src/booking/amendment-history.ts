import type { AmendmentPlan } from './amendment-plan';
import type { ReservationChangeDetails } from './reservation-history';

type Change = ReservationChangeDetails['changes'][number];

/** A room as the history names it: where, what and for whom, and its price (minor units). */
function roomSummary(room: {
  dateFrom: string;
  dateTo: string;
  roomTypeId: number;
  ratePlanId: number;
  adults: number;
  children: number;
  infants: number;
  total: number;
}) {
  return {
    DateFrom: room.dateFrom,
    DateTo: room.dateTo,
    RoomTypeId: room.roomTypeId,
    RatePlanId: room.ratePlanId,
    NumberOfAdults: room.adults,
    NumberOfChildren: room.children,
    NumberOfInfants: room.infants,
    TotalCost: room.total,
  };
}

const extrasOf = (lines: readonly { serviceId: number; quantity: number }[]) =>
  lines.map((line) => ({ ServiceId: line.serviceId, Quantity: line.quantity })).sort((a, b) => a.ServiceId - b.ServiceId);

const guestNames = (
  guests: readonly { firstName?: string | null; lastName?: string | null; FirstName?: string | null; LastName?: string | null }[],
) =>
  guests.map((guest) => `${(guest.firstName ?? guest.FirstName ?? '').trim()} ${(guest.lastName ?? guest.LastName ?? '').trim()}`.trim());

/**
 * What an amendment changed, field by field with old and new values, for the booking's history:
 * each room's stay and price, extras and guests' names, rooms added and cancelled (with the
 * reason), the booker's name and contact and the special requests. No card data, no code.
 */
export function amendmentChanges(plan: AmendmentPlan): Change[] {
  const changes: Change[] = [];
  for (const room of plan.rooms) {
    const newStay = room.priced
      ? roomSummary({
          dateFrom: room.priced.from,
          dateTo: room.priced.to,
          roomTypeId: room.priced.roomType.id,
          ratePlanId: room.priced.rate.ratePlan.id,
          adults: room.priced.party.NumberOfAdults,
          children: room.priced.party.NumberOfChildren,
          infants: room.priced.party.NumberOfInfants,
          total: room.priced.total,
        })
      : null;
    if (!room.booked) {
      changes.push({ field: 'Rooms', old: null, new: { ...newStay, Guests: guestNames(room.change.Guests) } });
      continue;
    }
    const field = `Rooms[${room.booked.id}]`;
    if (newStay) changes.push({ field: `${field}.Stay`, old: roomSummary(room.booked), new: newStay });
    const oldExtras = extrasOf(room.booked.services);
    const newExtras = extrasOf(room.change.Services.map((s) => ({ serviceId: s.ServiceId, quantity: s.Quantity })));
    if (JSON.stringify(oldExtras) !== JSON.stringify(newExtras))
      changes.push({ field: `${field}.Services`, old: oldExtras, new: newExtras });
    const oldGuests = guestNames(room.booked.guests);
    const newGuests = guestNames(room.change.Guests);
    if (JSON.stringify(oldGuests) !== JSON.stringify(newGuests)) changes.push({ field: `${field}.Guests`, old: oldGuests, new: newGuests });
  }
  for (const { booked, reasonId } of plan.cancelled) {
    changes.push({ field: `Rooms[${booked.id}].Status`, old: 'booked', new: 'cancelled' });
    changes.push({ field: `Rooms[${booked.id}].CancellationReasonId`, old: null, new: reasonId });
  }
  const { reservation, booker } = plan;
  if (plan.bookerChanged && booker) {
    changes.push({
      field: 'Booker',
      old: {
        FirstName: reservation.bookerFirstName,
        LastName: reservation.bookerLastName,
        Email: reservation.bookerEmail,
        Phone: reservation.bookerPhone,
      },
      new: { FirstName: booker.FirstName.trim(), LastName: booker.LastName.trim(), Email: booker.Email.trim(), Phone: booker.Phone.trim() },
    });
  }
  if (plan.specialRequests !== reservation.specialRequests) {
    changes.push({ field: 'SpecialRequests', old: reservation.specialRequests, new: plan.specialRequests });
  }
  return changes;
}
