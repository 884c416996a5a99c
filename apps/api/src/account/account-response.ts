import type { AccountAnswer } from '@hotel/domain/wire/account-response';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import { reservationStatusNames } from '../reservation';
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
    // Only a confirmed address proves the bookings made under it are this person's.
    Reservations:
      user.emailConfirmedAt === null
        ? []
        : history.map((row) => ({
            ReservationNumber: row.reservationNumber,
            PropertyCode: row.propertyCode,
            PropertyName: row.propertyName,
            DateFrom: row.dateFrom,
            DateTo: row.dateTo,
            Status: reservationStatusNames[row.status],
            // What the guest pays: VAT added on top of a tax-exclusive total.
            TotalCost: toMajor(totalToPay(row.total, row.totalVat, row.isTaxExclusive)),
            Currency: row.currency,
          })),
  };
}
