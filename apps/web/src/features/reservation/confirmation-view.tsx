/**
 * The confirmation: the booking made, and what can be done next: Book a Table,
 * Manage Booking, Add Extras, Print Confirmation, Book another room, Back to Hotel Website.
 * Amounts are shown as charged, in the property's currency.
 */
import type { ReactNode } from 'react';
import { countNights, formatDate } from '@hotel/domain/dates';
import { guestsText, nightsText } from '@hotel/domain/messages';
import { formatMoney, toMinor } from '@hotel/domain/money';
import { buttonClasses, Button } from '../../components/button';
import { Panel, Section } from '../../components/layout';
import type { Confirmation } from './reservation-api';

const PAYMENT_LABELS: Record<string, string> = {
  PayByCard: 'Paid online by card',
  PayByIndividualInvoice: 'Pay by invoice',
  PayByCompanyInvoice: 'Company invoice',
  PayByVoucher: 'Gift voucher',
  PayByPayStack: 'PayStack',
};

export function ConfirmationView(props: {
  confirmation: Confirmation;
  unit: { One: string };
  actions: { bookTableHref: string | null; bookAnotherHref: string; websiteUrl: string | null };
  renderLink: (href: string, label: string, className: string) => ReactNode;
}) {
  const { confirmation: c } = props;
  const money = (amount: number) => formatMoney({ amount: toMinor(amount, c.Currency), currency: c.Currency });
  const nights = countNights(c.DateFrom, c.DateTo);
  const action = buttonClasses('secondary', 'w-full sm:w-auto');
  return (
    <article className="space-y-6" data-print-links>
      <Panel padding="roomy">
        <p className="text-lg">
          Reservation number <strong data-testid="reservation-number">{c.ReservationNumber}</strong>
        </p>
        <p className="mt-1">
          {formatDate(c.DateFrom, 'dddd Do MMMM YYYY')} to {formatDate(c.DateTo, 'dddd Do MMMM YYYY')} ({nightsText(nights)})
        </p>
        <p className="mt-1">
          Booked by {c.Booker.FirstName} {c.Booker.LastName}, {c.Booker.Email}
        </p>
        <p className="mt-1">
          {PAYMENT_LABELS[c.PaymentType] ?? c.PaymentType}
          {c.Card && ` (${c.Card.Brand ?? 'card'} ending ${c.Card.Last4})`}
          {c.Company && ` to ${c.Company.Name}${c.PONumber ? `, PO ${c.PONumber}` : ''}`}
        </p>
      </Panel>

      <nav aria-label="What next" className="flex flex-wrap gap-3 print:hidden">
        {props.actions.bookTableHref && props.renderLink(props.actions.bookTableHref, 'Book a Table', action)}
        <a className={action} href={c.ManageBookingUrl}>
          Manage Booking
        </a>
        <a className={action} href={`${c.ManageBookingUrl}?extras`}>
          Add Extras
        </a>
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => window.print()}>
          Print Confirmation
        </Button>
        <a className={action} href={props.actions.bookAnotherHref}>
          Book another room
        </a>
        {props.actions.websiteUrl && (
          <a className={action} href={props.actions.websiteUrl}>
            Back to Hotel Website
          </a>
        )}
      </nav>

      <Section title="Your stay" panel="roomy">
        <ul className="mt-3 divide-y divide-gray-200">
          {c.Rooms.map((room, index) => {
            const lead = room.Guests.find((guest) => guest.IsLeadGuest) ?? room.Guests[0];
            return (
              <li key={room.ReservationItemId} className="py-3">
                <div className="flex justify-between gap-4">
                  <div>
                    <h3 className="font-semibold">
                      {props.unit.One} {index + 1}: {room.RoomTypeName}
                    </h3>
                    <p className="text-sm">{room.RatePlanName}</p>
                    <p className="text-sm">{guestsText([room])}</p>
                    {lead && (
                      <p className="text-sm">
                        Lead guest: {lead.FirstName} {lead.LastName}
                      </p>
                    )}
                    {room.RoomConfiguration && <p className="text-sm">{room.RoomConfiguration}</p>}
                    <p className="text-sm text-gray-700">{room.Policy}</p>
                  </div>
                  <p className="shrink-0 font-semibold">{money(room.TotalCost)}</p>
                </div>
                {room.Services.length > 0 && (
                  <ul className="mt-2 space-y-1 text-sm">
                    {room.Services.map((service) => (
                      <li key={service.ServiceId} className="flex justify-between">
                        <span>
                          {service.ServiceName}
                          {service.Quantity > 1 && ` × ${service.Quantity}`}
                        </span>
                        <span>{money(service.TotalCost)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-gray-300 pt-3">
          <div className="flex justify-between">
            <dt>Accommodation</dt>
            <dd>{money(c.TotalAccommodationPrice)}</dd>
          </div>
          {c.TotalServicesPrice > 0 && (
            <div className="flex justify-between">
              <dt>Extras</dt>
              <dd>{money(c.TotalServicesPrice)}</dd>
            </div>
          )}
          {c.GiftVoucherDiscount > 0 && (
            <div className="flex justify-between">
              <dt>Gift voucher</dt>
              <dd>−{money(c.GiftVoucherDiscount)}</dd>
            </div>
          )}
          {c.IsTaxExclusive && (
            <div className="flex justify-between">
              <dt>VAT ({c.VatRate}%)</dt>
              <dd>{money(c.TotalVat)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-bold">
            <dt>Total</dt>
            <dd data-testid="confirmation-total">{money(c.TotalCost)}</dd>
          </div>
          {!c.IsTaxExclusive && (
            <div className="flex justify-between text-sm">
              <dt>Includes VAT ({c.VatRate}%)</dt>
              <dd>{money(c.TotalVat)}</dd>
            </div>
          )}
        </dl>
        {c.SpecialRequests && (
          <p className="mt-3 text-sm">
            <strong>Special requests:</strong> {c.SpecialRequests}
          </p>
        )}
      </Section>

      <Section title={c.Property.Name} panel="roomy">
        {c.Property.Address && <p className="mt-1">{c.Property.Address}</p>}
        {c.Property.Telephone && <p>Telephone: {c.Property.Telephone}</p>}
        {c.Property.Email && <p>Email: {c.Property.Email}</p>}
        <p className="mt-2">
          Save time on arrival:{' '}
          <a className="text-link underline" href={c.PreCheckInUrl}>
            check in online
          </a>
          .
        </p>
      </Section>
    </article>
  );
}
