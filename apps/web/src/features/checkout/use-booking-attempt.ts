/**
 * Sending the basket's booking so that it can never book twice nor leave the guest stranded.
 *
 * - One Idempotency-Key per basket (the booking store keeps it across edits, reloads and a
 *   second tab on the same basket) until a Create is answered with a booking.
 * - When no answer comes, nobody knows whether it booked: the guest is told so, and the server
 *   is asked (CreateOutcome) before Confirm is offered again; after a reload too.
 * - A Create whose card payment got no answer from the provider is waiting: its rooms are held
 *   and the guest may have been charged, so it stays unconfirmed (after a reload too) and
 *   Confirm is not offered; only the same request with the same key is sent again, which the
 *   server settles without paying twice (the server's reconciler settles it too, within minutes).
 * - A refusal stays on the page until the next attempt: a new price is taken into the basket
 *   for the guest to accept in one click, a room sold meanwhile sends the guest back to choose
 *   again with fresh availability.
 * - A booking left waiting for the bank (the guest came back from its page) gives its rooms
 *   back before the basket is booked another way.
 * - Another tab booking the same basket is announced (BroadcastChannel).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Minor } from '@hotel/domain/money';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import { ApiError, errorText, isAnswerLost } from '../../lib/api-client';
import {
  applyNewPrices,
  createNotMade,
  createSent,
  getBookingState,
  paymentNotMade,
  searchAgain,
  useBookingState,
} from '../../stores/booking-store';
import { createOutcome, createReservation, releasePendingPayment, type ReservationCreated } from './checkout-api';

/**
 * Where the booking stands: nothing sent yet (or refused); sent; its answer lost and the
 * server being asked; asked in vain (offline); found not to have booked; found waiting for its
 * card payment's answer; sent again to settle that payment.
 */
export type AttemptPhase = 'ready' | 'sending' | 'checking' | 'unknown' | 'notMade' | 'waiting' | 'resuming';

export type Refusal =
  { kind: 'priceChanged'; previousTotal: Minor } | { kind: 'refused'; message: string } | { kind: 'paymentFailed'; message: string };

/** What another tab on the same basket is doing. */
export type OtherTab = 'booking' | 'booked' | null;

type ChannelMessage = { basketId: string; state: 'booking' | 'booked' | 'ready' };

const CHANNEL = 'hotel:booking';

/**
 * Whether the Create may have booked without this page knowing: no answer came, or its key
 * answered another request (perhaps another tab's, or before a reload). Only the server can say.
 */
function outcomeUnknown(error: unknown): boolean {
  // CONFLICT: a request with this key is still being done (another tab's, or one whose answer was lost).
  return isAnswerLost(error) || (error instanceof ApiError && (error.code === 'IDEMPOTENCY_KEY_REUSED' || error.code === 'CONFLICT'));
}

/** What the server said when it answered without a booking (a 503 with its reason), to tell the guest if nothing was made. */
function serverReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 500 && error.serverMessage ? error.serverMessage : null;
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

export function useBookingAttempt(props: {
  propertyId: number;
  /** The property's currency, which the server's new prices are in. */
  currency: string;
  fallbackMessage: string;
  /** The booking was made (answered, or found after a lost answer). */
  onMade: (created: ReservationCreated) => Promise<void> | void;
  /** A room was sold under the guest: the basket must be chosen again. */
  onRoomsSold: () => void;
}) {
  const booking = useBookingState();
  const [phase, setPhase] = useState<AttemptPhase>(() => (getBookingState().attemptUnconfirmed ? 'checking' : 'ready'));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [otherTab, setOtherTab] = useState<OtherTab>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  // In memory only (it holds the card): a payment waiting for its answer is settled by sending it again, unchanged.
  const lastSent = useRef<{ request: ReservationCreateRequest; key: string; total: Minor } | null>(null);
  const lostReason = useRef<string | null>(null);
  const { propertyId, currency, onMade, onRoomsSold, fallbackMessage } = props;
  const basketId = booking.basketId;

  useEffect(() => {
    const opened = openChannel();
    channel.current = opened;
    if (opened === null) return undefined;
    opened.onmessage = (event: MessageEvent<ChannelMessage>) => {
      if (event.data.basketId !== basketId) return;
      setOtherTab(event.data.state === 'ready' ? null : event.data.state);
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [basketId]);

  const announce = useCallback((state: ChannelMessage['state']) => channel.current?.postMessage({ basketId, state }), [basketId]);

  const made = useCallback(
    async (created: ReservationCreated) => {
      announce('booked');
      await onMade(created);
    },
    [announce, onMade],
  );

  /** What the Create sent with the basket's key came to, as the server says. */
  const askOutcome = useCallback(async () => {
    const key = getBookingState().attemptKey;
    try {
      const outcome = await createOutcome(propertyId, key);
      if (outcome.Made) {
        await made(outcome.Booking);
        return;
      }
      if (outcome.Waiting) {
        // The guest may have been charged: it stays unconfirmed and is never offered to book again.
        setPhase('waiting');
        return;
      }
      createNotMade();
      announce('ready');
      // The server said why (its payment provider refused to start, or is not set up): that is the refusal.
      const reason = lostReason.current;
      lostReason.current = null;
      if (reason !== null) {
        setPhase('ready');
        setRefusal({ kind: 'refused', message: reason });
        return;
      }
      setPhase('notMade');
    } catch {
      setPhase('unknown');
    }
  }, [propertyId, made, announce]);

  /** Asks the server whether the Create sent with the basket's key booked. */
  const findOut = useCallback(async () => {
    setPhase('checking');
    await askOutcome();
  }, [askOutcome]);

  // After a reload with an answer still missing: find out first.
  const [arrivedUnconfirmed] = useState(() => getBookingState().attemptUnconfirmed);
  const askedOnArrival = useRef(false);
  useEffect(() => {
    if (!arrivedUnconfirmed || askedOnArrival.current) return;
    askedOnArrival.current = true;
    void findOut();
  }, [arrivedUnconfirmed, findOut]);

  // Back from the bank's page kept in the browser's memory: nothing is being sent any more.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && !getBookingState().attemptUnconfirmed) setPhase('ready');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const refused = useCallback(
    (error: unknown, previousTotal: Minor) => {
      createNotMade();
      announce('ready');
      setPhase('ready');
      if (error instanceof ApiError && error.code === 'PRICE_CHANGED' && error.body?.Rooms) {
        applyNewPrices(error.body.Rooms, currency);
        setRefusal({ kind: 'priceChanged', previousTotal });
        return;
      }
      const message = errorText(error, fallbackMessage);
      if (error instanceof ApiError && error.code === 'ROOM_SOLD_OUT') {
        searchAgain(message);
        onRoomsSold();
        return;
      }
      setRefusal({ kind: 'refused', message });
    },
    [announce, currency, fallbackMessage, onRoomsSold],
  );

  /**
   * Books the request with the basket's key; `total` is what the guest was shown, for saying
   * by how much a price changed. Answers whether the request was refused (for the form to show
   * the fields the server named).
   */
  const send = useCallback(
    async (request: ReservationCreateRequest, total: Minor): Promise<unknown> => {
      setRefusal(null);
      setPhase('sending');
      const pending = getBookingState().pendingPayment;
      if (pending !== null) {
        try {
          // The guest left the bank's check to pay another way: its rooms go back first.
          const status = await releasePendingPayment(propertyId, pending.ConfirmationToken);
          if (status.Success) {
            await made({ Success: true, ...pending, ChallengeUrl: null });
            return null;
          }
          paymentNotMade(null);
        } catch (error) {
          setPhase('ready');
          setRefusal({ kind: 'refused', message: errorText(error, fallbackMessage) });
          return error;
        }
      }
      announce('booking');
      createSent();
      const key = getBookingState().attemptKey;
      lastSent.current = { request, key, total };
      try {
        const created = await createReservation(request, key);
        await made(created);
        return null;
      } catch (error) {
        if (outcomeUnknown(error)) {
          lostReason.current = serverReason(error);
          await findOut();
          return null;
        }
        refused(error, total);
        return error;
      }
    },
    [propertyId, made, announce, findOut, refused, fallbackMessage],
  );

  /**
   * While its card payment's answer is awaited: sends the same request again with the same key,
   * which the server settles (it asks the provider first, and never pays twice): made, declined,
   * or still waiting. After a reload the request (its card) is gone, and the server is asked
   * instead. Answers a refusal with the request refused (for the form to show the card declined).
   */
  const resume = useCallback(async (): Promise<{ request: ReservationCreateRequest; error: unknown } | null> => {
    setPhase('resuming');
    const last = lastSent.current;
    if (last === null) {
      await askOutcome();
      return null;
    }
    try {
      const created = await createReservation(last.request, last.key);
      await made(created);
      return null;
    } catch (error) {
      if (outcomeUnknown(error)) {
        lostReason.current = serverReason(error);
        await askOutcome();
        return null;
      }
      refused(error, last.total);
      return { request: last.request, error };
    }
  }, [askOutcome, made, refused]);

  // The bank's refusal is the store's: it may arrive after this page did (the payment expired meanwhile).
  const failure = booking.paymentFailure;
  const shown: Refusal | null = refusal ?? (failure === null ? null : { kind: 'paymentFailed', message: failure });
  return { phase, refusal: shown, otherTab, send, findOut, resume };
}
