/**
 * The stay a search asks for, in one line over its results ("Fri 4 Dec – Sun 6 Dec 2026 ·
 * 2 nights · 1 room, 2 adults"), so the guest sees what the rooms and prices are for.
 */
import { countNights, stayDatesText, type IsoDate } from '@hotel/domain/dates';
import { guestsText, nightsText } from '@hotel/domain/messages';
import type { Party } from '@hotel/domain/occupancy';

export function StaySummary(props: { from: IsoDate; to: IsoDate; rooms: readonly Party[]; unit: { count: (n: number) => string } }) {
  const parts = [
    stayDatesText(props.from, props.to),
    nightsText(countNights(props.from, props.to)),
    `${props.unit.count(props.rooms.length)}, ${guestsText([...props.rooms])}`,
  ];
  return (
    <p className="text-gray-800" data-testid="stay-summary">
      {parts.join(' · ')}
    </p>
  );
}
