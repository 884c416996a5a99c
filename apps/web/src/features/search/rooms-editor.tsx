import { useState, type ReactNode } from 'react';
import type { Party } from '@hotel/domain/occupancy';
import { canAddRoom } from '@hotel/domain/restrictions';
import { Button } from '../../components/button';
import { NumberStepper } from '../../components/field';
import { Section } from '../../components/layout';
import { Notice } from '../../components/notice';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { SEARCH_REFUSAL_MESSAGES } from './search-messages';

/** Upper bound of a count the property leaves open. */
const OPEN_LIMIT = 10;

/** The most adults, and children with infants, one room may have in a search. */
export function partyLimits(property: Property): { adults: number; childrenAndInfants: number } {
  return { adults: property.AdultMaximumOccupancy ?? OPEN_LIMIT, childrenAndInfants: property.ChildMaximumOccupancy ?? OPEN_LIMIT };
}

/** The searched rooms: adults, and children and infants when the property enables them. */
function RoomsEditor(props: {
  property: Property;
  rooms: Party[];
  maxRooms: number | null;
  unit: { One: string; one: string };
  onChange: (rooms: Party[]) => void;
  onMaxRoomsReached: () => void;
}) {
  const { property, rooms, onChange } = props;
  const { adults: adultMax, childrenAndInfants: childMax } = partyLimits(property);
  const update = (index: number, patch: Partial<Party>) => onChange(rooms.map((room, at) => (at === index ? { ...room, ...patch } : room)));
  const defaultRoom: Party = {
    NumberOfAdults: Math.max(1, property.DefaultOccupancyAdult),
    NumberOfChildren: property.EnableChildrenSearch ? property.DefaultOccupancyChildren : 0,
    NumberOfInfants: property.EnableInfantSearch ? property.DefaultOccupancyInfant : 0,
  };
  const addable = canAddRoom(rooms.length, props.maxRooms);

  return (
    <div className="space-y-4">
      {rooms.map((room, index) => (
        <fieldset key={index} className="rounded-md border border-gray-300 p-4">
          <legend className="px-1 font-semibold">
            {props.unit.One} {index + 1}
          </legend>
          <div className="flex flex-wrap gap-6">
            <NumberStepper
              label={property.AdultLabel || 'Adults'}
              value={room.NumberOfAdults}
              min={1}
              max={adultMax}
              onChange={(value) => update(index, { NumberOfAdults: value })}
            />
            {property.EnableChildrenSearch && (
              <NumberStepper
                label={property.ChildrenLabel || 'Children'}
                value={room.NumberOfChildren}
                min={0}
                max={Math.max(0, childMax - room.NumberOfInfants)}
                onChange={(value) => update(index, { NumberOfChildren: value })}
              />
            )}
            {property.EnableInfantSearch && (
              <NumberStepper
                label={property.InfantLabel || 'Infants'}
                value={room.NumberOfInfants}
                min={0}
                max={Math.max(0, childMax - room.NumberOfChildren)}
                onChange={(value) => update(index, { NumberOfInfants: value })}
              />
            )}
          </div>
          {rooms.length > 1 && (
            <Button variant="link" className="mt-3" onClick={() => onChange(rooms.filter((_, at) => at !== index))}>
              Remove {props.unit.one} {index + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() => {
          if (addable) onChange([...rooms, defaultRoom]);
          else props.onMaxRoomsReached();
        }}
        aria-disabled={!addable || undefined}
      >
        + Add another {props.unit.one}
      </Button>
    </div>
  );
}

/**
 * The "Rooms and guests" part of a search form: the editor, and a warning when a room more
 * than the maximum is asked for or the search refused the rooms, with `contact` after it.
 */
export function RoomsAndGuests(props: {
  property: Property;
  rooms: Party[];
  maxRooms: number | null;
  unit: { One: string; one: string; Many: string };
  errors: string[] | undefined;
  onChange: (rooms: Party[]) => void;
  contact?: ReactNode;
}) {
  const [maxRoomsReached, setMaxRoomsReached] = useState(false);
  return (
    <Section title={<>{props.unit.Many} and guests</>} titleSize="lg" className="space-y-3">
      <RoomsEditor
        property={props.property}
        rooms={props.rooms}
        maxRooms={props.maxRooms}
        unit={props.unit}
        onChange={(rooms) => {
          setMaxRoomsReached(false);
          props.onChange(rooms);
        }}
        onMaxRoomsReached={() => setMaxRoomsReached(true)}
      />
      {(maxRoomsReached || props.errors) && (
        <Notice tone="warning" live>
          {props.errors?.join(' ') ?? SEARCH_REFUSAL_MESSAGES.TOO_MANY_ROOMS} {props.contact}
        </Notice>
      )}
    </Section>
  );
}
