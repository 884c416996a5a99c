/**
 * The gift voucher: entered, validating, applied. A valid reply sets the
 * discount, its message and the contact-us flag; an invalid one clears the discount and shows
 * its message as a negative notification; a failed call clears everything.
 */
import { useId, useState } from 'react';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { toMinor } from '@hotel/domain/money';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { useToast } from '../../components/toast';
import { useMoney } from '../../hooks/use-money';
import { errorText, LANGUAGE_CODE } from '../../lib/api-client';
import { NO_GIFT_VOUCHER, type BookingItem, type GiftVoucher } from '../../stores/booking-store';
import { checkVoucherCode } from './checkout-api';
import { pricedRoom } from './reservation-payload';

export function GiftVoucherField(props: {
  propertyId: number;
  providerName: string;
  items: BookingItem[];
  codes: { PromoCode: string | null; RatePlanCode: string | null };
  voucher: GiftVoucher;
  onChange: (voucher: GiftVoucher) => void;
  onContactUs: () => void;
}) {
  const toast = useToast();
  const money = useMoney();
  const id = useId();
  const [code, setCode] = useState(props.voucher.code);
  const { voucher, onChange } = props;

  const apply = async () => {
    const trimmed = code.trim();
    if (trimmed === '') return;
    onChange({ ...NO_GIFT_VOUCHER, code: trimmed, status: 'validating' });
    try {
      const reply = await checkVoucherCode({
        PropertyId: props.propertyId,
        LanguageCode: LANGUAGE_CODE,
        VoucherCode: trimmed,
        ...props.codes,
        Rooms: props.items.map((item) => pricedRoom(item, money.chargeCurrency)),
      });
      if (reply.IsValid) {
        onChange({
          code: trimmed,
          status: 'applied',
          discount: toMinor(reply.TotalDiscount, money.chargeCurrency),
          message: reply.Message,
          showContactUs: reply.ShowExperienceWarningMessage,
        });
      } else {
        onChange({ ...NO_GIFT_VOUCHER, code: trimmed, status: 'entered' });
        toast.negative(reply.Message);
      }
    } catch (error) {
      onChange(NO_GIFT_VOUCHER);
      toast.negative(errorText(error, ERROR_MESSAGES.actionFailed));
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm font-semibold">
            Gift voucher code{props.providerName ? ` (${props.providerName})` : ''}
          </label>
          <input
            id={id}
            value={code}
            autoComplete="off"
            disabled={voucher.status === 'applied' || voucher.status === 'validating'}
            onChange={(event) => {
              setCode(event.target.value);
              if (voucher.status !== 'entered') onChange({ ...NO_GIFT_VOUCHER, code: event.target.value, status: 'entered' });
            }}
            className="mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 disabled:bg-gray-100"
          />
        </div>
        {voucher.status === 'applied' ? (
          <Button
            variant="secondary"
            onClick={() => {
              onChange(NO_GIFT_VOUCHER);
              setCode('');
            }}
          >
            Remove voucher
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => void apply()}
            disabled={code.trim() === '' || voucher.status === 'validating'}
            busy={voucher.status === 'validating'}
          >
            {voucher.status === 'validating' ? 'Checking…' : 'Apply voucher'}
          </Button>
        )}
      </div>
      {voucher.status === 'applied' && (
        <Notice tone="positive" live>
          <p data-testid="voucher-message">{voucher.message ?? `Gift voucher applied: ${money.display(voucher.discount)} off.`}</p>
          {voucher.showContactUs && (
            <p className="mt-1">
              <button type="button" className="font-semibold underline" onClick={props.onContactUs}>
                Contact us
              </button>{' '}
              to arrange your experience.
            </p>
          )}
        </Notice>
      )}
    </div>
  );
}
