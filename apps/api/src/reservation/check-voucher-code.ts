import { todayIn } from '@hotel/domain/dates';
import { giftVoucherAppliedMessage, giftVoucherRefusal, giftVoucherRefusalMessage } from '@hotel/domain/gift-voucher';
import { sumMinor, toMajor } from '@hotel/domain/money';
import { giftVoucherDiscount } from '@hotel/domain/pricing';
import type { CheckVoucherCodeRequest } from '@hotel/domain/wire/check-voucher-code-request';
import type { CheckVoucherCodeResponse } from '@hotel/domain/wire/reservation-response';
import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import type { GuessingClient } from '../http';
import { findProperty } from '../property';
import { priceRooms } from '../booking';
import { findGuessedVoucher } from '../voucher';

/**
 * POST /api/Reservation/CheckVoucherCode: what the voucher would take off the rooms sent
 * (priced by the server, extras included): at most its balance, at most the total. Nothing is
 * spent here; Create spends it under a lock. A code that matches no voucher counts against the
 * client's guesses (voucher-guesses.ts).
 */
export async function checkVoucherCode(
  context: Pick<AppContext, 'database' | 'clock' | 'availability'>,
  request: CheckVoucherCodeRequest,
  guess: GuessingClient,
): Promise<CheckVoucherCodeResponse> {
  const db = context.database.db;
  const property = await findProperty(db, request.PropertyId);
  if (!property) throw notFound(`There is no property ${request.PropertyId}.`);
  const now = context.clock.now();
  const voucher = await findGuessedVoucher(db, guess, property.id, request.VoucherCode);
  const refusal = giftVoucherRefusal(voucher, todayIn(now, property.timeZone));
  if (refusal || !voucher) {
    return {
      IsValid: false,
      TotalDiscount: 0,
      Message: giftVoucherRefusalMessage(refusal ?? 'UNKNOWN', voucher),
      ShowExperienceWarningMessage: false,
    };
  }
  const rooms = await priceRooms(context, property, request.Rooms, {
    now,
    promoCode: request.PromoCode,
    ratePlanCode: request.RatePlanCode,
  });
  const total = sumMinor(rooms.map((room) => room.total + room.servicesTotal));
  const discount = giftVoucherDiscount(voucher.balance, total);
  return {
    IsValid: true,
    TotalDiscount: toMajor(discount, property.currency),
    Message: giftVoucherAppliedMessage({ amount: discount, currency: property.currency }),
    ShowExperienceWarningMessage: voucher.isExperience,
  };
}
