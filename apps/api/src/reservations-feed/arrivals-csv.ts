import { currencyExponent } from '@hotel/domain/money';
import type { ArrivalsLine, ArrivalsResponse } from '@hotel/domain/wire/reservations-feed';

/** A field as RFC 4180 writes it: quoted when it holds a comma, quote or line break, its quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const header = [
  'Movement',
  'ReservationNumber',
  'ReservationItemId',
  'Status',
  'GuestNames',
  'Booker',
  'RoomType',
  'DateFrom',
  'DateTo',
  'Nights',
  'Adults',
  'Children',
  'Currency',
  'AmountToPay',
  'Paid',
  'Balance',
];

function row(movement: string, line: ArrivalsLine): (string | number)[] {
  return [
    movement,
    line.ReservationNumber,
    line.ReservationItemId,
    line.Status,
    line.GuestNames.join('; '),
    line.BookerName,
    line.RoomTypeName,
    line.DateFrom,
    line.DateTo,
    line.Nights,
    line.Adults,
    line.Children,
    line.Currency,
    // As many decimals as the currency has: 170173 for yen, 5.120 for dinars, 240.00 for pounds.
    line.AmountToPay.toFixed(currencyExponent(line.Currency)),
    line.Paid.toFixed(currencyExponent(line.Currency)),
    line.Balance.toFixed(currencyExponent(line.Currency)),
  ];
}

/** The day's list as CSV (RFC 4180: CRLF line ends, a header row): arrivals, then departures, then in-house. */
export function arrivalsCsv(day: ArrivalsResponse): string {
  const rows = [
    header,
    ...day.Arrivals.map((line) => row('Arrival', line)),
    ...day.Departures.map((line) => row('Departure', line)),
    ...day.InHouse.map((line) => row('InHouse', line)),
  ];
  return rows.map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}
