/**
 * Cancelling: the whole booking now (Cancel Booking), or one room on save. A reason from the
 * property's list is asked for, and required where the property says so; Cancel is allowed only
 * while the booking (or room) can be cancelled and, if required, a reason is chosen. What a
 * cancellation did with the money stays on the cancelled booking.
 */
import { useRef, useState } from 'react';
import { canCancel } from '@hotel/domain/manage-booking';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, VALIDATION_MESSAGES } from '@hotel/domain/messages';
import { formatMoney, toMinor } from '@hotel/domain/money';
import type { ManageBookingCancelResponse } from '@hotel/domain/wire/manage-booking-change';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/field';
import { Notice } from '../../components/notice';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/api-client';
import { newId } from '../../lib/ids';
import { cancelBooking, useCancellationReasons, type BookingAccess } from './manage-api';

function ReasonField(props: { propertyId: number; required: boolean; value: string; onChange: (value: string) => void }) {
  const reasons = useCancellationReasons(props.propertyId);
  return (
    <SelectField
      label={props.required ? 'Reason for cancelling' : 'Reason for cancelling (optional)'}
      hint={props.required ? VALIDATION_MESSAGES.cancellationReasonRequired : undefined}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">Choose a reason</option>
      {(reasons.data ?? []).map((reason) => (
        <option key={reason.CancellationReasonId} value={String(reason.CancellationReasonId)}>
          {reason.Reason}
        </option>
      ))}
    </SelectField>
  );
}

const reasonId = (value: string) => (value === '' ? null : Number(value));

export function CancelBookingDialog(props: {
  open: boolean;
  access: BookingAccess;
  canBeCancelled: boolean;
  requireReason: boolean;
  onClose: () => void;
  onCancelled: (answer: ManageBookingCancelResponse) => void;
}) {
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const allowed = canCancel({
    CanBeCancelled: props.canBeCancelled,
    RequireCancellationReason: props.requireReason,
    cancellationReasonId: reason,
  });
  const confirm = async () => {
    if (busy || !allowed) return;
    setBusy(true);
    try {
      const request = {
        PropertyId: props.access.propertyId,
        ReservationId: props.access.reservationId,
        Code: props.access.code,
        CancellationReasonId: reasonId(reason),
      };
      // The same request sent again (its answer lost) is the same cancel.
      const body = JSON.stringify(request);
      if (attempt.current?.body !== body) attempt.current = { body, key: newId() };
      const answer = await cancelBooking(request, attempt.current.key);
      if (answer.Success) {
        toast.positive(SUCCESS_MESSAGES.reservationCancelled, 'top');
        props.onCancelled(answer);
      } else {
        toast.negative(answer.Message || ERROR_MESSAGES.actionFailed, 'top');
      }
    } catch (error) {
      toast.negative(errorText(error, ERROR_MESSAGES.actionFailed), 'top');
    } finally {
      setBusy(false);
      props.onClose();
    }
  };
  return (
    <Dialog open={props.open} title="Cancel Booking" onClose={props.onClose}>
      <div className="space-y-4">
        <p>Your whole booking will be cancelled. Any refund follows the policy of your rate.</p>
        <ReasonField propertyId={props.access.propertyId} required={props.requireReason} value={reason} onChange={setReason} />
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void confirm()} disabled={!allowed || busy} busy={busy}>
            {busy ? 'Cancelling…' : 'Cancel Booking'}
          </Button>
          <Button variant="secondary" onClick={props.onClose}>
            Keep my booking
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function CancelRoomDialog(props: {
  title: string | null;
  propertyId: number;
  canBeCancelled: boolean;
  requireReason: boolean;
  onClose: () => void;
  onCancel: (cancellationReasonId: number | null) => void;
}) {
  const [reason, setReason] = useState('');
  const allowed = canCancel({
    CanBeCancelled: props.canBeCancelled,
    RequireCancellationReason: props.requireReason,
    cancellationReasonId: reason,
  });
  return (
    <Dialog open={props.title !== null} title={`Cancel ${props.title ?? ''}`} onClose={props.onClose}>
      <div className="space-y-4">
        <p>It is taken out of your booking and cancelled when you save your changes.</p>
        <ReasonField propertyId={props.propertyId} required={props.requireReason} value={reason} onChange={setReason} />
        <div className="flex flex-wrap gap-3">
          <Button
            disabled={!allowed}
            onClick={() => {
              props.onCancel(reasonId(reason));
              setReason('');
            }}
          >
            Cancel this room
          </Button>
          <Button variant="secondary" onClick={props.onClose}>
            Keep it
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * What a cancellation did with the money, in the booking's `currency` (what moved, never a
 * display conversion): the API's own sentence when a refund was refused or is not known yet,
 * else the refund to the card; and the gift voucher's part given back.
 */
export function CancellationOutcome(props: { answer: ManageBookingCancelResponse; currency: string }) {
  const { answer, currency } = props;
  const money = (amount: number) => formatMoney({ amount: toMinor(amount, currency), currency });
  const refund =
    answer.Message !== null && answer.Message !== SUCCESS_MESSAGES.reservationCancelled
      ? answer.Message
      : answer.RefundAmount > 0
        ? `${money(answer.RefundAmount)} is being refunded to your card.`
        : null;
  const voucher =
    answer.GiftVoucherReturned > 0
      ? `${money(answer.GiftVoucherReturned)} paid by gift voucher has gone back to your gift voucher: you can use it again.`
      : null;
  if (refund === null && voucher === null) return null;
  return (
    <Notice tone="info" title="Your refund" live>
      {refund !== null && <p>{refund}</p>}
      {voucher !== null && <p className={refund === null ? undefined : 'mt-1'}>{voucher}</p>}
    </Notice>
  );
}
