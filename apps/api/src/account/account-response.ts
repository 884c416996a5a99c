import type { AccountAnswer, AccountReservation } from '@hotel/domain/wire/account-response';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import { reservationStatusNames } from '../reservation';
import { linkCode, reservationLinks } from '../booking';
import type { ReservationHistoryRow, SavedCardRow, UserRow } from './account-queries';

/** The wire form of a user and their saved cards; the password hash has no way out. */
export function toAccountAnswer(user: UserRow, cards: SavedCardRow[], history: ReservationHistoryRow[]): AccountAnswer {
  return {
    Firstname: user.firstName,
    Lastname: user.lastName,
    Telephone: user.telephone,
    EmailAddress: user.email,
    ReceiveBrandOffers: user.receiveBrandOffers,
    CanChoosePaymentMethod: user.canChoosePaymentMethod,
    EmailConfirmed: user.emailConfirmedAt !== null,
    CreditCards: cards.map((card) => ({
      CreditCardId: card.id,
      CreditCardTypeId: card.cardTypeId,
      Brand: card.cardTypeName,
      Last4: card.last4,
      ExpiryMonth: card.expiryMonth,
      ExpiryYear: card.expiryYear,
      NameOnCard: card.nameOnCard,
      PaymentProvider: card.gateway,
    })),
    Reservations: bookedReservations(user, history),
  };
}

// Only a confirmed address proves the bookings made under it are this person's.
function bookedReservations(user: UserRow, history: ReservationHistoryRow[]) {
  if (user.emailConfirmedAt === null) return [];
  return history.map((row) => ({
    ReservationNumber: row.reservationNumber,
    PropertyCode: row.propertyCode,
    PropertyName: row.propertyName,
    DateFrom: row.dateFrom,
    DateTo: row.dateTo,
    Status: reservationStatusNames[row.status],
    // What the guest pays: VAT added on top of a tax-exclusive total.
    TotalCost: toMajor(totalToPay(row.total, row.totalVat, row.isTaxExclusive), row.currency),
    Currency: row.currency,
  }));
}

/** The user's reservations, each with the manage-booking link its confirmation e-mail carries. */
export function toAccountReservations(
  user: UserRow,
  history: ReservationHistoryRow[],
  links: { publicUrl: string; linkSecret: string },
): AccountReservation[] {
  return bookedReservations(user, history).map((reservation) => ({
    ...reservation,
    ManageCode: linkCode(links.linkSecret, reservation.PropertyCode, reservation.ReservationNumber),
    ManageBookingUrl: reservationLinks(links.publicUrl, links.linkSecret, reservation.PropertyCode, reservation.ReservationNumber)
      .manageBookingUrl,
  }));
}
