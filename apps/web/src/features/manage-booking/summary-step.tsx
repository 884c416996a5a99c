/**
 * Summary: the change priced by the server (Quote) before anything is saved: each room's new
 * price against the booked one, the new total, the difference and whether it is charged or
 * refunded, and the policy that applies. Save sends the same change (Update) with an
 * Idempotency-Key kept for this change, so a resend is applied once.
 */
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import type { ManageBookingUpdateRequest, ManageBookingUpdateResponse } from '@hotel/domain/wire/manage-booking-change';
import type { NewRoomPrices } from '@hotel/domain/wire/error-response';
import { Button } from '../../components/button';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { useToast } from '../../components/toast';
import { ApiError, errorText } from '../../lib/api-client';
import { newId } from '../../lib/ids';
import { quoteChange, saveChange } from './manage-api';
import { useWireMoney } from '../../hooks/use-wire-money';
import { StepSection } from '../../components/step-section';

export function SummaryStep(props: {
  request: ManageBookingUpdateRequest;
  roomTitles: (string | null)[];
  focusOnShow: boolean;
  onSaved: (answer: ManageBookingUpdateResponse) => void;
  /** A 409 PRICE_CHANGED: the rooms' prices on the server, to take into the change. */
  onPricesChanged: (rooms: NewRoomPrices[]) => void;
  onBack: () => void;
}) {
  const { show, signed } = useWireMoney();
  const toast = useToast();
  const body = JSON.stringify(props.request);
  const quote = useSWR(['ManageBooking/Quote', body] as const, () => quoteChange(props.request), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  // One key per change: the same change sent again (an answer lost) is the same save.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);

  const save = async () => {
    if (sending.current) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    if (attempt.current?.body !== body) attempt.current = { body, key: newId() };
    try {
      const answer = await saveChange(props.request, attempt.current.key);
      if (answer.Success) props.onSaved(answer);
      else {
        const message = answer.Message || ERROR_MESSAGES.saveReservationFailed;
        setFailure(message);
        toast.negative(message, 'bottom');
      }
    } catch (error) {
      const message = errorText(error, ERROR_MESSAGES.saveReservationFailed);
      setFailure(message);
      if (error instanceof ApiError && error.code === 'PRICE_CHANGED' && error.body?.Rooms !== undefined)
        props.onPricesChanged(error.body.Rooms);
      else toast.negative(message, 'bottom');
    } finally {
      sending.current = false;
      setSaving(false);
    }
  };

  const data = quote.data;
  return (
    <StepSection title="Summary of your changes" focusOnShow={props.focusOnShow}>
      {failure !== null && (
        <Notice tone="negative" title="Manage Booking Error" live>
          {failure}
        </Notice>
      )}
      {quote.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(quote.error, 'We could not price your changes.')}
        </Notice>
      )}
      {data === undefined && quote.error === undefined && <Loading label="Pricing your changes…" />}
      {data !== undefined && (
        <>
          <ul className="space-y-2">
            {data.Rooms.map((room, index) => (
              <li key={room.ReservationItemId ?? `new-${index}`} className="flex flex-wrap justify-between gap-2">
                <span>
                  {props.roomTitles[index] ?? 'Room'}
                  {room.IsCancelled && ' (cancelled)'}
                  {room.ReservationItemId === null && ' (new)'}
                </span>
                <span>
                  {show(room.PreviousTotalCost + room.PreviousServicesCost)} → <strong>{show(room.TotalCost + room.ServicesCost)}</strong>
                </span>
              </li>
            ))}
          </ul>
          <dl className="space-y-1 border-t border-gray-300 pt-3">
            <div className="flex justify-between">
              <dt>Total as booked</dt>
              <dd>{show(data.PreviousTotal)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>New total</dt>
              <dd data-testid="quote-new-total">{show(data.NewTotal)}</dd>
            </div>
            <div className="flex justify-between text-lg font-bold">
              <dt>Difference</dt>
              <dd data-testid="quote-difference">{signed(data.Difference)}</dd>
            </div>
          </dl>
          <p className="font-semibold" data-testid="quote-payment">
            {data.Payment.Kind === 'Charge'
              ? `${show(data.Payment.Amount)} will be charged to your card.`
              : data.Payment.Kind === 'Refund'
                ? `${show(data.Payment.Amount)} will be refunded to your card.`
                : 'Nothing will be charged or refunded.'}
          </p>
          {data.Policy !== '' && <p className="text-sm text-gray-700">{data.Policy}</p>}
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void save()} disabled={data === undefined || saving} busy={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="secondary" onClick={props.onBack}>
          Back to your booking
        </Button>
      </div>
    </StepSection>
  );
}
