import { useId, useState } from 'react';
import type { Location } from '@hotel/domain/wire/book-config-response';

/**
 * "Choose your property": the locations of the booking configuration; with
 * no location the property's own name shows. On desktop choosing one closes the list.
 */
export function LocationChoice(props: {
  locations: Location[];
  currentCode: string;
  propertyName: string;
  isMobile: boolean;
  onChoose: (location: Location) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = props.locations.find((location) => location.PropertyCode.toLowerCase() === props.currentCode.toLowerCase());
  if (props.locations.length === 0) {
    return <p className="text-lg font-semibold">{props.propertyName}</p>;
  }
  return (
    <div>
      <h2 className="text-sm font-semibold text-gray-800">Choose your property</h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="mt-1 flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-gray-500 bg-white px-3 py-2 text-left"
      >
        <span>
          <span className="block font-semibold">{current?.Name ?? props.propertyName}</span>
          {current && <span className="block text-sm text-gray-700">{current.Address}</span>}
        </span>
        <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      <div id={listId} hidden={!open} className="mt-2 rounded-md border border-gray-300 bg-white p-2">
        <fieldset>
          <legend className="sr-only">Choose your property</legend>
          {props.locations.map((location) => (
            <label key={location.LocationId} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-gray-100">
              <input
                type="radio"
                name={`${listId}-location`}
                className="mt-1 size-4 accent-primary"
                checked={location.LocationId === current?.LocationId}
                onChange={() => {
                  props.onChoose(location);
                  if (!props.isMobile) setOpen(false);
                }}
              />
              <span>
                <span className="block font-medium">{location.Name}</span>
                <span className="block text-sm text-gray-700">{location.Address}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {props.isMobile && (
          <button
            type="button"
            className="mt-2 min-h-11 w-full rounded-md border border-gray-500 font-semibold"
            onClick={() => setOpen(false)}
          >
            Done
          </button>
        )}
      </div>
    </div>
  );
}
