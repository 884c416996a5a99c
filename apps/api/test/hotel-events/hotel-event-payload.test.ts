import { describe, expect, it } from 'vitest';
import { HOTEL_EVENT_PAYLOADS } from '@hotel/domain/wire/hotel-event-payloads';
import { reservationEventData } from '../../src/hotel-events/hotel-event-payload';
import type { EventReservation } from '../../src/hotel-events/hotel-event-queries';

/**
 * A tax-exclusive property: a Double on the flexible rate for 2 nights at 100.00 before VAT,
 * VAT 10 %. The booking's row keeps the total before VAT (200.00) and its VAT (20.00); the guest
 * pays 220.00, and a room's total in the payload says the same 220.00, one tax basis for both.
 */
const taxExclusiveBooking: EventReservation = {
  id: 1,
  propertyId: 1,
  reservationNumber: 'R0000001',
  status: 'confirmed',
  dateFrom: '2027-03-04',
  dateTo: '2027-03-06',
  bookerFirstName: 'Ada',
  bookerLastName: 'Lovelace',
  bookerEmail: 'ada@example.com',
  bookerPhone: '+441234567890',
  companyName: null,
  paymentType: 'PayByCard',
  specialRequests: null,
  total: 20_000,
  totalVat: 2_000,
  voucherDiscount: 0,
  currency: 'USD',
  vatRate: 10,
  isTaxExclusive: true,
  amountPaid: 22_000,
  amountRefunded: 0,
  amountHeld: 0,
  pmsConfirmationNumber: null,
  acknowledgedAt: null,
  serviceNames: new Map(),
  rooms: [
    {
      id: 7,
      status: 'booked',
      stayStatus: 'expected',
      roomTypeCode: 'DBL',
      roomTypeName: 'Double',
      ratePlanCode: 'BAR',
      ratePlanName: 'Flexible',
      dateFrom: '2027-03-04',
      dateTo: '2027-03-06',
      adults: 2,
      children: 0,
      infants: 0,
      // 2 nights x 100.00 before VAT.
      total: 20_000,
      // Breakfast 10.00 before VAT: 11.00 with 10 % VAT.
      extras: [{ code: 'BRK', name: 'Breakfast', quantity: 1, total: 1_000 }],
    },
  ],
};

describe('a booking event’s amounts, on one tax basis', () => {
  it('at a tax-exclusive property, a room’s total includes VAT as the booking’s does: 2 nights at 100.00 + 10 % = 220.00 both', () => {
    const data = reservationEventData('NYC', taxExclusiveBooking, undefined);
    // 200.00 + 10 % VAT (20.00) = 220.00, what the guest pays.
    expect(data.Total).toBe(220);
    expect(data.Rooms).toEqual([
      expect.objectContaining({
        RoomTypeCode: 'DBL',
        RoomType: 'Double',
        RatePlanCode: 'BAR',
        RatePlan: 'Flexible',
        // 200.00 + 20.00 VAT.
        Total: 220,
        // 10.00 + 1.00 VAT.
        Extras: [{ Code: 'BRK', Name: 'Breakfast', Quantity: 1, Total: 11 }],
      }),
    ]);
  });

  it('is what the `reservation.created` webhook schema describes', () => {
    const payload = {
      type: 'reservation.created',
      timestamp: '2027-03-01T09:00:00.000Z',
      data: reservationEventData('NYC', taxExclusiveBooking, undefined),
    };
    expect(HOTEL_EVENT_PAYLOADS['reservation.created'].parse(payload)).toEqual(payload);
  });
});
