import { describe, expect, it } from 'vitest';
import { aPreCheckInReservation } from '../../test/builders';
import { draftOfReservation, extrasPriceOf, withRoomAt } from './pre-check-in-draft';

const prosecco = (quantity: number) => ({ ServiceId: 12, ServiceName: 'Prosecco', Quantity: quantity, TotalCost: 25 * quantity });

describe('extrasPriceOf', () => {
  it('nothing added: nothing to pay, the total as booked', () => {
    const reservation = aPreCheckInReservation();
    expect(extrasPriceOf(draftOfReservation(reservation), reservation)).toEqual({
      added: [],
      previousTotal: 290,
      newTotal: 290,
      payment: { kind: 'None', amount: 0 },
    });
  });

  it('at a tax-exclusive property the VAT of the extras is charged too', () => {
    // Rooms 240.00 + breakfast 50.00 = 290.00 before tax; 20 % added: 58.00, so 348.00 paid.
    const reservation = aPreCheckInReservation({
      Totals: { ...aPreCheckInReservation().Totals, IsTaxExclusive: true, TotalToPay: 348 },
    });
    const draft = withRoomAt(draftOfReservation(reservation), 0, (room) => ({ ...room, Services: [...room.Services, prosecco(2)] }));
    // + 2 x 25.00 = 340.00 before tax; 20 % = 68.00; 408.00 in all, 60.00 more.
    expect(extrasPriceOf(draft, reservation)).toEqual({
      added: [{ itemIndex: 0, ServiceName: 'Prosecco', Quantity: 2, TotalCost: 50 }],
      previousTotal: 348,
      newTotal: 408,
      payment: { kind: 'Charge', amount: 60 },
    });
  });

  it('a booked extra raised is the whole new line, less the booked one; not paid by card, nothing is charged', () => {
    const booked = aPreCheckInReservation();
    const item = booked.ReservationItems[0]!;
    // Rooms 240.00 + breakfast 50.00 + one prosecco 25.00 = 315.00 paid on invoice, VAT included.
    const reservation = aPreCheckInReservation({
      Totals: { ...booked.Totals, ServicesTotal: 75, TotalToPay: 315, PaidByCard: false },
      ReservationItems: [
        {
          ...item,
          Services: [...item.Services, { ServiceId: 12, ServiceName: 'Prosecco', ChargeType: 'PerQuantity', Quantity: 1, TotalCost: 25 }],
        },
      ],
    });
    const draft = withRoomAt(draftOfReservation(reservation), 0, (room) => ({
      ...room,
      Services: room.Services.map((line) => (line.ServiceId === 12 ? prosecco(3) : line)),
    }));
    // Three bottles, 75.00, replace the one of 25.00: 240 + 50 + 75 = 365.00, owed at the hotel.
    expect(extrasPriceOf(draft, reservation)).toEqual({
      added: [{ itemIndex: 0, ServiceName: 'Prosecco', Quantity: 3, TotalCost: 75 }],
      previousTotal: 315,
      newTotal: 365,
      payment: { kind: 'None', amount: 0 },
    });
  });
});
