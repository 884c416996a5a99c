/**
 * What the search found, in the guest's words: the good news, not enough rooms for the
 * occupancy, or not available with alternative stays. (The promo code's notice is
 * components/promo-code-notice.tsx, which the group search shows too.)
 */
import { formatDate } from '@hotel/domain/dates';
import { ERROR_MESSAGES, nightsText, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { noRoomTypeFitsOccupancy, type Party } from '@hotel/domain/occupancy';
import { minimumStayBadge, type AlternativeStay } from '@hotel/domain/restrictions';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import type { SearchResponse } from '@hotel/domain/wire/search-response';

export function AvailabilityOutcome(props: {
  response: SearchResponse;
  shownCount: number;
  party: Party;
  nights: number;
  noAvailabilityMessage: string;
  minimumStay: number | null;
  alternatives: AlternativeStay[];
  onAlternative: (stay: AlternativeStay) => void;
}) {
  if (props.shownCount > 0) {
    return (
      <Notice tone="positive" live>
        <p className="font-semibold">{SUCCESS_MESSAGES.selectionAvailable}</p>
      </Notice>
    );
  }
  const roomTypes = props.response.RoomTypes.map((entry) => entry.RoomType);
  if (roomTypes.length > 0 && noRoomTypeFitsOccupancy(roomTypes, props.party)) {
    const text = ERROR_MESSAGES.notEnoughRoomsForOccupancy;
    return (
      <Notice tone="warning" title="Warning" live>
        {text.charAt(0).toUpperCase() + text.slice(1)}. Please try fewer guests per room or add another room.
      </Notice>
    );
  }
  return (
    <div className="space-y-4">
      <Notice tone="warning" title={ERROR_MESSAGES.selectionUnavailable} live>
        <p>{props.noAvailabilityMessage || ERROR_MESSAGES.hotelUnavailable}</p>
        {props.minimumStay !== null && props.minimumStay > props.nights && (
          <p className="mt-1">Minimum length of stay not met: {minimumStayBadge(props.minimumStay)} for this arrival date.</p>
        )}
      </Notice>
      {props.alternatives.length > 0 && (
        <section aria-labelledby="alternatives-heading">
          <h3 id="alternatives-heading" className="text-lg font-semibold">
            Other dates you can book
          </h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {props.alternatives.map((stay) => (
              <li key={`${stay.from}-${stay.to}`}>
                <Button variant="secondary" className="w-full justify-between text-left" onClick={() => props.onAlternative(stay)}>
                  <span>
                    {formatDate(stay.from, 'ddd Do MMM YYYY')} – {formatDate(stay.to, 'ddd Do MMM YYYY')}
                  </span>
                  <span className="text-sm font-normal">{nightsText(stay.nights)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
