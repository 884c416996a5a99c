/**
 * A booked room's extras, chosen from what GetReservationItemServices offers for its stay, type
 * and rate (with the units the room holds counted free): manage booking's Extras step and
 * pre-check-in's. Each line shows what it costs for this room by the domain's service cost rule;
 * nothing is saved here, the choice goes back to the page's draft.
 */
import { useState } from 'react';
import { toMajor, toMinor } from '@hotel/domain/money';
import { canBookServiceQuantity, offeredNights, serviceCost, serviceUnits } from '@hotel/domain/services';
import { Button } from '../../components/button';
import { CheckboxField, NumberStepper } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { StepSection } from '../../components/step-section';
import { useWireMoney } from '../../hooks/use-wire-money';
import { errorText } from '../../lib/api-client';
import { useReservationItemServices, type BookingAccess } from './services-api';

/** The most of one extra a guest may pick with the stepper. */
const MOST_OF_ONE_EXTRA = 20;

/** An extra chosen for the room; `TotalCost` (major units) is what the line costs for this room at today's price. */
export type ChosenExtra = { ServiceId: number; Quantity: number; ServiceName: string; TotalCost: number };

/** The room as the chooser needs it: null ReservationItemId is a room not booked yet (nothing to load). */
export interface ExtrasRoom {
  ReservationItemId: number | null;
  DateFrom: string;
  DateTo: string;
  NumberOfAdults: number;
  NumberOfChildren: number;
  NumberOfInfants: number;
  Services: Omit<ChosenExtra, 'TotalCost'>[];
}

export function BookedRoomExtras(props: {
  access: BookingAccess;
  room: ExtrasRoom;
  title: string;
  focusOnShow: boolean;
  /** The fewest of each extra the guest may keep (pre-check-in only adds: booked quantities stay). */
  minimum?: Readonly<Record<number, number>>;
  onSave: (services: ChosenExtra[]) => void;
  onBack: () => void;
}) {
  const { show, currency } = useWireMoney();
  const { room } = props;
  const services = useReservationItemServices(props.access, room.ReservationItemId);
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries(room.Services.map((service) => [service.ServiceId, service.Quantity])),
  );
  const party = { NumberOfAdults: room.NumberOfAdults, NumberOfChildren: room.NumberOfChildren, NumberOfInfants: room.NumberOfInfants };
  const list = services.data?.Services ?? [];
  const fits = (serviceId: number, quantity: number) => {
    const service = list.find((candidate) => candidate.ServiceId === serviceId);
    if (service === undefined) return false;
    return canBookServiceQuantity(
      services.data?.InventoryPerServiceId[String(serviceId)] ?? null,
      serviceUnits(service, { quantity, party }),
    );
  };
  const lineCost = (service: (typeof list)[number], quantity: number) =>
    toMajor(
      serviceCost(
        { ...service, Articles: service.Articles.map((article) => ({ Price: toMinor(article.Price, currency) })) },
        { nights: offeredNights(service, room.DateFrom, room.DateTo).length, quantity, party },
      ),
      currency,
    );
  const save = () =>
    props.onSave(
      Object.entries(chosen)
        .filter(([, quantity]) => quantity > 0)
        .map(([id, quantity]) => {
          const serviceId = Number(id);
          const offered = list.find((service) => service.ServiceId === serviceId);
          const name = offered?.ServiceName ?? room.Services.find((service) => service.ServiceId === serviceId)?.ServiceName ?? '';
          return { ServiceId: serviceId, Quantity: quantity, ServiceName: name, TotalCost: offered ? lineCost(offered, quantity) : 0 };
        }),
    );
  return (
    <StepSection title={`Extras for ${props.title}`} focusOnShow={props.focusOnShow}>
      {services.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(services.error, 'We could not load the extras.')}
        </Notice>
      )}
      {services.data === undefined && services.error === undefined && <Loading label="Loading extras…" />}
      {services.data !== undefined && list.length === 0 && <p>No extras are offered for this stay.</p>}
      <ul className="divide-y divide-gray-200">
        {list.map((service) => {
          const quantity = chosen[service.ServiceId] ?? 0;
          const least = props.minimum?.[service.ServiceId] ?? 0;
          const costOf = (count: number) => lineCost(service, count);
          const price = `${show(costOf(1))}${service.ChargeType === 'PerQuantity' ? ' each' : ''}`;
          const set = (next: number) => setChosen((current) => ({ ...current, [service.ServiceId]: Math.max(least, next) }));
          return (
            <li key={service.ServiceId} className="space-y-1 py-3">
              {service.ChargeType === 'PerQuantity' ? (
                <div>
                  <NumberStepper
                    label={service.ServiceName}
                    value={quantity}
                    min={least}
                    max={fits(service.ServiceId, quantity + 1) ? Math.min(MOST_OF_ONE_EXTRA, quantity + 1) : quantity}
                    onChange={set}
                  />
                  <p className="text-sm">{price}</p>
                </div>
              ) : (
                <CheckboxField
                  label={`${service.ServiceName}, ${price}`}
                  checked={quantity > 0}
                  disabled={(quantity === 0 && !fits(service.ServiceId, 1)) || least > 0}
                  hint={least > 0 ? 'Booked' : quantity === 0 && !fits(service.ServiceId, 1) ? 'Sold out' : undefined}
                  onChange={(event) => set(event.target.checked ? 1 : 0)}
                />
              )}
              {service.ServiceDescription !== '' && <p className="text-sm text-gray-700">{service.ServiceDescription}</p>}
              {quantity > 0 && <p className="text-sm font-semibold">{`${quantity} × ${service.ServiceName}: ${show(costOf(quantity))}`}</p>}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button onClick={save} disabled={services.data === undefined}>
          Done
        </Button>
        <Button variant="secondary" onClick={props.onBack}>
          Back
        </Button>
      </div>
    </StepSection>
  );
}
