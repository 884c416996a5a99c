/**
 * Gives each step of the booking wizard its own browser history entry, so Back from the rates
 * returns to the room types (not to the search) and Forward goes where it went. A move the
 * guest makes pushes an entry that remembers where the wizard stands; Back and Forward put the
 * wizard back there. A move the page makes by itself (the search answering, a step with nothing
 * to show passed over) replaces the entry instead, so Back never lands on it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { getBookingState, restorePosition, type WizardPosition } from '../stores/booking-store';

const positionKey = (position: WizardPosition) =>
  `${position.step}:${position.roomIndex}:${position.itemIndex}:${position.selectedRoomTypeId ?? ''}`;

const positionOf = ({ step, roomIndex, itemIndex, selectedRoomTypeId }: WizardPosition): WizardPosition => ({
  step,
  roomIndex,
  itemIndex,
  selectedRoomTypeId,
});

export function useWizardHistory(position: WizardPosition): { replaceNext: () => void } {
  const key = positionKey(position);
  /** The position the current history entry holds. */
  const recorded = useRef<string | null>(null);
  const replace = useRef(false);

  const restoreFrom = useCallback((state: unknown) => {
    const saved = (state as { wizard?: WizardPosition } | null)?.wizard;
    if (saved === undefined || positionKey(saved) === positionKey(getBookingState())) return;
    recorded.current = positionKey(saved);
    restorePosition(positionOf(saved));
  }, []);

  // Arriving on the page (Back or Forward from another page, a reload): the entry's own position wins.
  useEffect(() => restoreFrom(window.history.state), [restoreFrom]);

  // The store, not this render, says where the wizard stands: a restore has already moved it.
  useEffect(() => {
    const now = positionOf(getBookingState());
    if (recorded.current === positionKey(now)) return;
    const entry = { ...(window.history.state as object | null), wizard: now };
    if (recorded.current === null || replace.current) window.history.replaceState(entry, '');
    else window.history.pushState(entry, '');
    recorded.current = positionKey(now);
    replace.current = false;
  }, [key]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => restoreFrom(event.state);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [restoreFrom]);

  return {
    replaceNext: useCallback(() => {
      replace.current = true;
    }, []),
  };
}
