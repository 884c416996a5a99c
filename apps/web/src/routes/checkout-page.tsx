/**
 * /Book/{propertyCode}/Checkout/{confirmationToken?}: the summary beside the checkout form
 * (on desktop the wizard's summary step lands here). Redirected to the search page when the
 * basket is empty and no token is present.
 */
import { useEffect } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { isBasketReadyForCheckout } from '@hotel/domain/booking-wizard';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { useToast } from '../components/toast';
import { register } from '../features/account/account-api';
import { BasketSummary } from '../features/basket/basket-summary';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { useReservationStatus } from '../features/reservation/reservation-api';
import { useAccount } from '../hooks/use-account';
import { useDialogs } from '../hooks/use-dialogs';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { LANGUAGE_CODE } from '../lib/api-client';
import { bookingTotals } from '../lib/booking-totals';
import { paths } from '../lib/paths';
import {
  awaitPayment,
  finishBooking,
  paymentNotMade,
  setGiftVoucher,
  setPaymentType,
  useBookingState,
  wizardItems,
} from '../stores/booking-store';
import { PageTitle } from '../components/layout';

export function CheckoutPage() {
  const { property, config } = useProperty();
  const { confirmationToken } = useParams<{ confirmationToken?: string }>();
  const booking = useBookingState();
  const { user, isLoading } = useAccount(property.PropertyId);
  const today = usePropertyToday();
  const unit = useUnitNoun();
  const toast = useToast();
  const dialogs = useDialogs();
  const [, navigate] = useLocation();
  useDocumentTitle('Checkout', property.PropertyName);
  // Back from the bank's page: the booking waiting for it may have been paid, refused or released meanwhile.
  const pending = booking.pendingPayment;
  const pendingStatus = useReservationStatus(property.PropertyId, pending?.ConfirmationToken ?? null).data;
  useEffect(() => {
    if (pendingStatus !== undefined && pendingStatus.Status !== 'PendingPayment' && !pendingStatus.Success) {
      paymentNotMade(pendingStatus.Message);
    }
  }, [pendingStatus]);

  if (pending !== null && pendingStatus?.Success) {
    return <Redirect to={paths.status(property.PropertyCode, pending.ConfirmationToken)} replace />;
  }
  if (booking.items.length === 0) {
    return (
      <Redirect
        to={confirmationToken ? paths.status(property.PropertyCode, confirmationToken) : paths.book(property.PropertyCode)}
        replace
      />
    );
  }
  if (!isBasketReadyForCheckout(wizardItems(booking.items, config.ShowRoomConfigurationQuestion))) {
    return <Redirect to={paths.roomsAndRates(property.PropertyCode)} replace />;
  }

  const totals = bookingTotals(booking.items, booking.giftVoucher.discount, property);

  return (
    <div className="space-y-6">
      <PageTitle>Checkout</PageTitle>
      {user === null && !isLoading && (
        <p>
          Booked with us before?{' '}
          <button type="button" className="text-link font-semibold underline" onClick={dialogs.openLogin}>
            Log in
          </button>{' '}
          to use your saved details.
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="lg:order-2" aria-label="Booking summary">
          <div className="lg:sticky lg:top-4">
            <BasketSummary heading="Booking summary" items={booking.items} totals={totals} unit={unit} showPolicies />
          </div>
        </aside>
        <div className="min-w-0 lg:order-1">
          <CheckoutForm
            key={user === null ? 'guest' : user.EmailAddress}
            property={property}
            config={config}
            user={user}
            basketId={booking.basketId}
            items={booking.items}
            promoCode={booking.search?.promoCode ?? ''}
            ratePlanCode={booking.search?.ratePlanCode ?? ''}
            paymentType={booking.paymentType}
            giftVoucher={booking.giftVoucher}
            pendingPayment={pending}
            today={today}
            onPaymentType={setPaymentType}
            onGiftVoucher={setGiftVoucher}
            onContactUs={dialogs.openContactUs}
            onBooked={async (created, draft) => {
              if (user === null && draft.password !== '') {
                try {
                  const response = await register({
                    LanguageCode: LANGUAGE_CODE,
                    PropertyId: property.PropertyId,
                    EmailAddress: draft.booker.Email.trim(),
                    Password: draft.password,
                    Firstname: draft.booker.FirstName.trim(),
                    Lastname: draft.booker.LastName.trim(),
                    MobileNumber: draft.booker.Phone.trim(),
                  });
                  if (response?.Success === false) toast.negative(response.Message || ERROR_MESSAGES.createUserAccountFailed);
                  else toast.positive(SUCCESS_MESSAGES.registered);
                } catch {
                  toast.negative(ERROR_MESSAGES.createUserAccountFailed);
                }
              }
              if (created.ChallengeUrl) {
                // The bank's check (3-D Secure) sends the guest back to the Status page. The basket
                // and what was typed stay until the bank has said yes: it may say no, or the guest come back.
                awaitPayment({
                  ConfirmationToken: created.ConfirmationToken,
                  ReservationNumber: created.ReservationNumber,
                  ChallengeUrl: created.ChallengeUrl,
                });
                window.location.assign(created.ChallengeUrl);
                return;
              }
              finishBooking();
              toast.positive(SUCCESS_MESSAGES.bookingMade);
              navigate(paths.status(property.PropertyCode, created.ConfirmationToken));
            }}
            onRoomsSold={() => navigate(paths.roomsAndRates(property.PropertyCode))}
          />
        </div>
      </div>
    </div>
  );
}
