/**
 * The booking summary: each reservation item with its room cost,
 * extras and guests, and the totals: rooms, extras, gift discount, the VAT (a line of its own
 * when it is added to tax-exclusive prices, else what the total includes) and the total to pay.
 */
import type { ReactNode } from 'react';
import { BookingStep } from '@hotel/domain/booking-wizard';
import { countNights, formatDate } from '@hotel/domain/dates';
import { guestsText, nightsText } from '@hotel/domain/messages';
import { Button } from '../../components/button';
import { Section } from '../../components/layout';
import { Price } from '../../components/price';
import { useMoney } from '../../hooks/use-money';
import { itemExtras, type BookingTotals } from '../../lib/booking-totals';
import type { BookingItem } from '../../stores/booking-store';

export function BasketSummary(props: {
  items: BookingItem[];
  totals: BookingTotals;
  unit: { One: string; Many: string };
  heading?: string;
  showPolicies?: boolean;
  onRemove?: (item: BookingItem) => void;
  onChange?: (step: BookingStep, itemIndex: number) => void;
  children?: ReactNode;
}) {
  const money = useMoney();
  const { totals } = props;
  const first = props.items[0];
  return (
    <Section title={props.heading ?? 'Your booking'} panel="normal">
      {first === undefined ? (
        <p className="mt-2 text-gray-800">Nothing chosen yet.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-800">
            {formatDate(first.DateFrom, 'ddd Do MMM YYYY')} – {formatDate(first.DateTo, 'ddd Do MMM YYYY')},{' '}
            {nightsText(countNights(first.DateFrom, first.DateTo))}
          </p>
          <ul className="mt-3 divide-y divide-gray-200">
            {props.items.map((item, index) => (
              <li key={item.ReservationItemId} className="py-3" data-testid="basket-item">
                <div className="flex justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {props.unit.One} {item.roomNumber}: {item.roomTypeName}
                    </p>
                    <p className="text-sm text-gray-800">{item.ratePlanName}</p>
                    {item.promotion && <p className="text-sm text-gray-800">{item.promotion.Name}</p>}
                    <p className="text-sm text-gray-800">{guestsText([item.party])}</p>
                    {(item.leadGuest.FirstName || item.leadGuest.LastName) && (
                      <p className="text-sm text-gray-800">
                        Lead guest: {item.leadGuest.FirstName} {item.leadGuest.LastName}
                      </p>
                    )}
                    {item.roomConfigurationName && <p className="text-sm text-gray-800">{item.roomConfigurationName}</p>}
                    {props.showPolicies && <p className="text-sm text-gray-700">{item.policy}</p>}
                  </div>
                  <Price className="shrink-0 font-semibold" amount={item.roomCost} original={item.originalRoomCost} />
                </div>
                {item.services.length > 0 && (
                  <ul className="mt-2 space-y-1 text-sm">
                    {item.services.map((service) => (
                      <li key={service.ServiceId} className="flex justify-between gap-3">
                        <span>
                          {service.ServiceName}
                          {service.ChargeType === 'PerQuantity' && ` × ${service.Quantity}`}
                        </span>
                        <span>{money.display(service.cost)}</span>
                      </li>
                    ))}
                  </ul>
                )}
                {(props.onRemove || props.onChange) && (
                  <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden">
                    {props.onChange && (
                      <>
                        <Button variant="link" onClick={() => props.onChange?.(BookingStep.Occupancy, index)}>
                          Change guest
                        </Button>
                        {item.hasSelectableServices && (
                          <Button variant="link" onClick={() => props.onChange?.(BookingStep.Extras, index)}>
                            Change extras
                          </Button>
                        )}
                      </>
                    )}
                    {props.onRemove && (
                      <Button
                        variant="link"
                        onClick={() => props.onRemove?.(item)}
                        aria-label={`Remove ${props.unit.One} ${item.roomNumber}`}
                      >
                        Remove
                      </Button>
                    )}
                  </div>
                )}
                {itemExtras(item) > 0 && <span className="sr-only">Extras {money.display(itemExtras(item))}</span>}
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-gray-300 pt-3 text-sm">
            <div className="flex justify-between">
              <dt>{props.unit.Many}</dt>
              <dd>
                <Price amount={totals.rooms} original={totals.originalRooms} />
              </dd>
            </div>
            {totals.extras > 0 && (
              <div className="flex justify-between">
                <dt>Extras</dt>
                <dd>{money.display(totals.extras)}</dd>
              </div>
            )}
            {totals.giftDiscount > 0 && (
              <div className="flex justify-between">
                <dt>Gift voucher</dt>
                <dd>−{money.display(totals.giftDiscount)}</dd>
              </div>
            )}
            {totals.isTaxExclusive && (
              <div className="flex justify-between">
                <dt>VAT ({totals.vatRate}%)</dt>
                <dd data-testid="booking-vat">{money.display(totals.vat)}</dd>
              </div>
            )}
            <div className="flex justify-between border-t border-gray-300 pt-2 text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="booking-total">{money.display(totals.total)}</dd>
            </div>
            {!totals.isTaxExclusive && (
              <div className="flex justify-between text-gray-800">
                <dt>Includes VAT of</dt>
                <dd data-testid="booking-vat">{money.display(totals.vat)}</dd>
              </div>
            )}
          </dl>
          {money.converted && (
            <p className="pt-1 text-xs text-gray-800">
              Shown converted for your information; you will be charged {money.charged(totals.total)} in {money.chargeCurrency}.
            </p>
          )}
        </>
      )}
      {props.children}
    </Section>
  );
}
