/**
 * RoomTypeSelection and RatePlanSelection: a room added to the booking, for the booking's stay.
 * The stay is searched for the new room's party; a room type shows when rooms are left and a
 * rate takes the party, each rate with the price the search answered (what Update expects).
 */
import { useState } from 'react';
import { toMajor } from '@hotel/domain/money';
import type { SearchRoomType } from '@hotel/domain/wire/search-response';
import { Button } from '../../components/button';
import { NumberStepper } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { LANGUAGE_CODE, errorText } from '../../lib/api-client';
import { roomCostOf } from '../../lib/rate-price';
import { useNewRoomOptions } from './manage-api';
import type { NewRoom } from './manage-draft';
import { useWireMoney } from '../../hooks/use-wire-money';
import { stayText } from './reservation-overview';
import { ChoiceRow, StepSection } from '../../components/step-section';

/** What the guest has chosen so far: the party, and the room type once picked. */
export interface NewRoomChoice {
  adults: number;
  entry: SearchRoomType | null;
}

const fits = (entry: SearchRoomType) => entry.Rates.some((rate) => rate.RoomCosts[0] != null);

export function RoomTypeSelectionStep(props: {
  propertyId: number;
  stay: { DateFrom: string; DateTo: string };
  adults: number;
  maxAdults: number;
  unit: { one: string };
  focusOnShow: boolean;
  onChoose: (choice: NewRoomChoice) => void;
  onBack: () => void;
}) {
  const { show } = useWireMoney();
  const [adults, setAdults] = useState(props.adults);
  const options = useNewRoomOptions({
    PropertyId: props.propertyId,
    LanguageCode: LANGUAGE_CODE,
    DateFrom: props.stay.DateFrom,
    DateTo: props.stay.DateTo,
    Rooms: [{ NumberOfAdults: adults, NumberOfChildren: 0, NumberOfInfants: 0 }],
  });
  const left = options.data?.NumberOfRoomsPerRoomTypeId ?? {};
  const offered = (options.data?.RoomTypes ?? []).filter((entry) => (left[String(entry.RoomType.RoomTypeId)] ?? 0) > 0 && fits(entry));
  return (
    <StepSection
      title={`Add a ${props.unit.one}`}
      subtitle={stayText(props.stay.DateFrom, props.stay.DateTo)}
      focusOnShow={props.focusOnShow}
    >
      <NumberStepper label="Adults" value={adults} min={1} max={props.maxAdults} onChange={setAdults} />
      {options.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(options.error, 'We could not search the rooms.')}
        </Notice>
      )}
      {options.data === undefined && options.error === undefined && <Loading label="Searching…" />}
      {options.data !== undefined && offered.length === 0 && <p>No {props.unit.one} is left for this party on your dates.</p>}
      <ul className="space-y-3">
        {offered.map((entry) => (
          <ChoiceRow
            key={entry.RoomType.RoomTypeId}
            buttonText="Choose"
            buttonLabel={`Choose ${entry.RoomType.Name}`}
            onChoose={() => props.onChoose({ adults, entry })}
          >
            <p className="font-semibold">{entry.RoomType.Name}</p>
            <p className="text-sm">From {show(entry.LowestRate)}</p>
          </ChoiceRow>
        ))}
      </ul>
      <Button variant="secondary" onClick={props.onBack}>
        Back to your booking
      </Button>
    </StepSection>
  );
}

export function RatePlanSelectionStep(props: {
  stay: { DateFrom: string; DateTo: string };
  choice: NewRoomChoice & { entry: SearchRoomType };
  focusOnShow: boolean;
  onChoose: (room: NewRoom) => void;
  onBack: () => void;
}) {
  const { show, currency } = useWireMoney();
  const { entry, adults } = props.choice;
  const rates = entry.Rates.flatMap((rate) => {
    const cost = roomCostOf(rate, 0, currency);
    return cost === null ? [] : [{ rate, total: toMajor(cost.total, currency) }];
  });
  return (
    <StepSection title={`Rates for ${entry.RoomType.Name}`} focusOnShow={props.focusOnShow}>
      <ul className="space-y-3">
        {rates.map(({ rate, total }) => (
          <ChoiceRow
            key={rate.RatePlanId}
            primary
            buttonText="Book"
            buttonLabel={`Book ${rate.Name}`}
            onChoose={() =>
              props.onChoose({
                ...props.stay,
                RoomTypeId: entry.RoomType.RoomTypeId,
                RoomTypeName: entry.RoomType.Name,
                RatePlanId: rate.RatePlanId,
                RatePlanName: rate.Name,
                Policy: rate.Policy,
                NumberOfAdults: adults,
                NumberOfChildren: 0,
                NumberOfInfants: 0,
                TotalCost: total,
              })
            }
          >
            <p className="font-semibold">{rate.Name}</p>
            <p className="text-sm">{rate.Policy}</p>
            <p className="text-sm font-semibold">{show(total)}</p>
          </ChoiceRow>
        ))}
      </ul>
      <Button variant="secondary" onClick={props.onBack}>
        Back
      </Button>
    </StepSection>
  );
}
