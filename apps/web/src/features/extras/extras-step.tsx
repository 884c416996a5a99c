/**
 * The extras step: the services of an item with their cost by charge
 * type, quantities within the inventory left, read-only when they are not editable.
 */
import { useState } from 'react';
import { canBookServiceQuantity, offeredNights, servicesAreEditable, serviceUnits } from '@hotel/domain/services';
import { Button } from '../../components/button';
import { CheckboxField, NumberStepper } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { Panel, Section } from '../../components/layout';
import { useMoney } from '../../hooks/use-money';
import type { BookingItem, SelectedService } from '../../stores/booking-store';
import { serviceLineCost, useServices, type WireService } from './services-api';

/** Most units of one extra offered when its inventory is unlimited. */
const UNLIMITED_QUANTITY = 20;

const CHARGE_LABELS: Record<WireService['ChargeType'], string> = {
  PerStay: 'per stay',
  PerDay: 'per night',
  PerQuantity: 'each',
};

export function ExtrasStep(props: {
  item: BookingItem;
  propertyId: number;
  /** Units of each service's inventory the other items already take. */
  usedElsewhere: Record<number, number>;
  unit: { One: string };
  onSave: (services: SelectedService[]) => void;
}) {
  const { item } = props;
  const money = useMoney();
  const services = useServices(props.propertyId, item);
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(item.services.map((service) => [service.ServiceId, service.Quantity])),
  );
  const [justAdded, setJustAdded] = useState(false);
  // A dated extra is charged for the nights of the stay it is offered on only.
  const nightsOf = (service: WireService) => offeredNights(service, item.DateFrom, item.DateTo).length;

  if (services.data === undefined) {
    return services.error ? <Notice tone="negative">The extras could not be loaded.</Notice> : <Loading label="Loading extras…" />;
  }
  const list = services.data.Services;
  const editable = servicesAreEditable(list, justAdded);

  const setQuantity = (serviceId: number, quantity: number) => {
    setQuantities((current) => ({ ...current, [serviceId]: quantity }));
    if (quantity > 0) setJustAdded(true);
  };

  const save = () => {
    const chosen: SelectedService[] = list
      .filter((service) => (quantities[service.ServiceId] ?? 0) > 0)
      .map((service) => {
        const quantity = quantities[service.ServiceId] ?? 0;
        return {
          ServiceId: service.ServiceId,
          ServiceName: service.ServiceName,
          ChargeType: service.ChargeType,
          Quantity: quantity,
          cost: serviceLineCost(service, { nights: nightsOf(service), quantity, party: item.party }, money.chargeCurrency),
          units: serviceUnits(service, { quantity, party: item.party }),
        };
      });
    props.onSave(chosen);
  };

  return (
    <Section
      title="Add extras to your stay"
      titleSize="2xl"
      subtitle={
        <>
          {props.unit.One} {item.roomNumber}: {item.roomTypeName}, {item.ratePlanName}
        </>
      }
      className="space-y-4"
    >
      <ul className="space-y-3">
        {list.map((service) => {
          const quantity = quantities[service.ServiceId] ?? 0;
          const available = services.data?.InventoryPerServiceId[String(service.ServiceId)] ?? null;
          const elsewhere = props.usedElsewhere[service.ServiceId] ?? 0;
          // A per-person extra takes a unit for each adult and child of the room.
          const unitsEach = Math.max(1, serviceUnits(service, { quantity: 1, party: item.party }));
          const left = available === null ? null : Math.max(0, available - elsewhere);
          const max = left === null ? UNLIMITED_QUANTITY : Math.floor(left / unitsEach);
          const soldOut = !canBookServiceQuantity(available, unitsEach, elsewhere) && quantity === 0;
          const unitPrice = money.display(
            serviceLineCost(
              service,
              { nights: 1, quantity: 1, party: { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 } },
              money.chargeCurrency,
            ),
          );
          const lineCost = serviceLineCost(
            service,
            { nights: nightsOf(service), quantity: Math.max(1, quantity), party: item.party },
            money.chargeCurrency,
          );
          const priceText = `${unitPrice} ${CHARGE_LABELS[service.ChargeType]}${service.ChargePerPerson ? ' per person' : ''}`;
          return (
            <Panel as="li" key={service.ServiceId}>
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 flex-1">
                  <h3 className="text-lg font-semibold">{service.ServiceName}</h3>
                  <p className="text-gray-800">{service.ServiceDescription}</p>
                  <p className="mt-1 text-sm text-gray-800">{priceText}</p>
                  {left !== null && <p className="text-sm text-gray-700">{soldOut ? 'Sold out' : `${left} left`}</p>}
                </div>
                <div className="text-right">
                  {editable && service.ChargeType === 'PerQuantity' && (
                    <NumberStepper
                      label={`${service.ServiceName} quantity`}
                      value={quantity}
                      min={0}
                      max={max}
                      onChange={(value) => setQuantity(service.ServiceId, value)}
                    />
                  )}
                  {editable && service.ChargeType !== 'PerQuantity' && (
                    <CheckboxField
                      label={`Add ${service.ServiceName} (${money.display(lineCost)})`}
                      checked={quantity > 0}
                      disabled={soldOut}
                      onChange={(event) => setQuantity(service.ServiceId, event.target.checked ? 1 : 0)}
                    />
                  )}
                  {!editable && <p className="text-sm">{quantity > 0 ? `${quantity} chosen` : 'Not chosen'}</p>}
                  {quantity > 0 && <p className="mt-2 font-semibold">{money.display(lineCost)}</p>}
                </div>
              </div>
            </Panel>
          );
        })}
      </ul>
      <Button onClick={save}>Continue</Button>
    </Section>
  );
}
