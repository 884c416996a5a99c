/**
 * Checkout (docs/guest-client.md): booker details and address, optional account
 * password, special requests, comment, opt-in, Pay Online or Pay by Invoice under the domain's
 * rule, card details, company and PO number, gift voucher, terms and custom terms, and the
 * create call with its in-progress state. Every rule is the domain's; every field is checked
 * by the same wire schema the API uses before the booking is sent.
 */
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { validateCardDetails, withCardHolderFromBooker } from '@hotel/domain/cards';
import {
  canConfirmBooking,
  canPayByCompanyInvoice,
  canUserChoosePaymentMethod,
  isInvoiceDetailsCaptured,
  PaymentType,
  paymentTypeName,
  showsCustomTerms,
} from '@hotel/domain/checkout';
import type { IsoDate } from '@hotel/domain/dates';
import type { Minor } from '@hotel/domain/money';
import { ERROR_MESSAGES, requiredMessage } from '@hotel/domain/messages';
import { EMAIL_MAX_LENGTH, passwordErrors, PHONE_MAX_LENGTH, validateBookerAddress, type FieldErrors } from '@hotel/domain/validation';
import { bookerSchema } from '@hotel/domain/wire/contact';
import { reservationCreateRequestSchema, type ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '@hotel/domain/wire/scalars';
import { Button } from '../../components/button';
import { CheckboxField, RadioOption, SelectField, TextAreaField, TextField } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { Section } from '../../components/layout';
import { useMoney } from '../../hooks/use-money';
import { ApiError, errorText, LANGUAGE_CODE } from '../../lib/api-client';
import { bookingTotals } from '../../lib/booking-totals';
import { browserData } from '../../lib/browser-data';
import { fieldOfPath, hasErrors, mergeErrors, schemaErrors, useForm, useSubmit } from '../../lib/form';
import type { BookingItem, GiftVoucher, PendingPayment } from '../../stores/booking-store';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { NewPasswordFields } from '../../components/new-password-fields';
import { CardFields } from '../../components/card-fields';
import { StripePaymentField, type StripePaymentHandle } from '../../components/stripe-payment-field';
import { SavedCardChoice } from '../../components/saved-card-choice';
import { acceptedCardTypes, cardPayload, providerCardPayload, SAVE_CARD_LABEL, savedCardsAt } from '../../lib/cards';
import { useCardTypes } from '../../hooks/use-card-types';
import type { ReservationCreated } from './checkout-api';
import { useCountries } from '../../hooks/use-countries';
import { bookerPayload, keptOfDraft, restoreDraft, type CheckoutDraft } from './checkout-draft';
import { CompanyFields } from './company-fields';
import { GiftVoucherField } from './gift-voucher-field';
import { reservationRoom, searchCodes } from './reservation-payload';
import { useBookingAttempt, type AttemptPhase, type OtherTab, type Refusal } from './use-booking-attempt';

const TERMS_REQUIRED = 'Please agree to the terms and conditions';
const CUSTOM_TERMS_REQUIRED = 'Please accept these terms to pay by invoice';

/** A part of the checkout: a roomy Panel under its heading. */
/** Paying online is PayStack at a property that pays by PayStack and by card elsewhere; other choices stay as they are. */
function onlinePaymentAt(property: Pick<Property, 'PayByPaystack'>, paymentType: PaymentType): PaymentType {
  const online = paymentType === PaymentType.PayByCard || paymentType === PaymentType.PayByPayStack;
  if (!online) return paymentType;
  return property.PayByPaystack ? PaymentType.PayByPayStack : PaymentType.PayByCard;
}

function CheckoutSection(props: { title: string; children: ReactNode }) {
  return (
    <Section title={props.title} panel="roomy" className="space-y-4">
      {props.children}
    </Section>
  );
}

export function CheckoutForm(props: {
  property: Property;
  config: BookConfig;
  user: UserAccount | null;
  /** The basket the form books: what is typed is kept for it through reloads, Back and Forward. */
  basketId: string;
  items: BookingItem[];
  promoCode: string;
  ratePlanCode: string;
  paymentType: PaymentType;
  giftVoucher: GiftVoucher;
  pendingPayment: PendingPayment | null;
  today: IsoDate;
  onPaymentType: (paymentType: PaymentType) => void;
  onGiftVoucher: (voucher: GiftVoucher) => void;
  onContactUs: () => void;
  onBooked: (created: ReservationCreated, draft: CheckoutDraft) => Promise<void> | void;
  /** A room was sold under the guest: the basket is to be chosen again. */
  onRoomsSold: () => void;
}) {
  const { property, config, user, items } = props;
  // The basket keeps paying online as paying by card: at a PayStack property, online means PayStack.
  const paymentType = onlinePaymentAt(property, props.paymentType);
  const money = useMoney();
  const form = useForm<CheckoutDraft>((saved) => restoreDraft(saved, user), {
    name: 'checkout',
    scope: props.basketId,
    keep: keptOfDraft,
  });
  const { values: draft, errors, setField: setDraftField, clearErrors } = form;
  const { onBooked } = props;
  const attempt = useBookingAttempt({
    propertyId: property.PropertyId,
    currency: property.Currency,
    fallbackMessage: ERROR_MESSAGES.createBookingFailed,
    onMade: useCallback((created: ReservationCreated) => onBooked(created, draft), [onBooked, draft]),
    onRoomsSold: props.onRoomsSold,
  });
  // Not known to have booked, or its card payment awaited: Confirm waits for the server's word.
  const bookingInProgress = attempt.phase !== 'ready' && attempt.phase !== 'notMade';
  const total = bookingTotals(items, props.giftVoucher.discount, property).total;
  const countries = useCountries(property.PropertyId);
  const cardTypes = useCardTypes(property.PropertyId);
  const acceptedTypes = useMemo(() => acceptedCardTypes(cardTypes.data, property.CreditCards), [cardTypes.data, property.CreditCards]);
  // A Stripe property takes the card in Stripe's Payment Element: no card field of ours, no card number in this page.
  const stripe =
    property.PaymentProvider === 'stripe' && property.PaymentPublicKey && property.PaymentScriptUrl
      ? { publicKey: property.PaymentPublicKey, scriptUrl: property.PaymentScriptUrl }
      : null;
  const stripeField = useRef<StripePaymentHandle>(null);
  // Only the cards the property's provider keeps can pay here (a test-gateway token means nothing to Stripe).
  const savedCards = useMemo(() => savedCardsAt(property, user?.CreditCards ?? []), [property, user]);
  const setCard = (card: CheckoutDraft['card']) => setDraftField('card', card);
  const savedCardChosen = savedCards.some((saved) => String(saved.CreditCardId) === draft.card.CreditCardId);
  // Stripe's Payment Element takes a new card; a saved one pays by its id alone.
  const newStripeCard = paymentType === PaymentType.PayByCard && stripe !== null && !savedCardChosen;

  const onlinePayment = onlinePaymentAt(property, PaymentType.PayByCard);
  const companyAllowed = canPayByCompanyInvoice(
    items.map((item) => ({ CanPayByCompanyInvoice: item.canPayByCompanyInvoice })),
    config,
  );
  const individualAllowed = canUserChoosePaymentMethod(
    config,
    user,
    property.PayByPaystack ? PaymentType.PayByPayStack : PaymentType.PayByIndividualInvoice,
  );
  const invoiceAllowed = companyAllowed || individualAllowed;
  const payingByInvoice = paymentType === PaymentType.PayByCompanyInvoice || paymentType === PaymentType.PayByIndividualInvoice;
  const customTermsShown = showsCustomTerms(config, paymentType);
  const dialling = countries.data?.find((country) => country.Code === property.DefaultPhoneCountryCode)?.DiallingCode;

  const setBooker = <K extends keyof CheckoutDraft['booker']>(name: K, value: CheckoutDraft['booker'][K]) => {
    form.setValues((current) => ({ ...current, booker: { ...current.booker, [name]: value } }));
    clearErrors(name);
  };

  const choosePayment = (choice: 'online' | 'invoice', invoiceTo = draft.invoiceTo) => {
    if (choice === 'online') props.onPaymentType(onlinePayment);
    else
      props.onPaymentType(
        companyAllowed && (invoiceTo === 'company' || !individualAllowed)
          ? PaymentType.PayByCompanyInvoice
          : PaymentType.PayByIndividualInvoice,
      );
  };

  const { ref, submit, markInvalid } = useSubmit(form, {
    build: (): ReservationCreateRequest => {
      const booker = bookerPayload(draft.booker);
      const byCard = paymentType === PaymentType.PayByCard;
      const typed = byCard && stripe === null ? cardPayload(draft.card, acceptedTypes, savedCards) : null;
      const holder = typed === null ? null : withCardHolderFromBooker(typed, booker);
      const card =
        typed !== null
          ? { ...typed, NameOnCard: holder?.NameOnCard ?? null, EmailAddress: holder?.EmailAddress ?? null }
          : byCard && stripe !== null
            ? providerCardPayload(draft.card, savedCards, user !== null)
            : null;
      return {
        LanguageCode: LANGUAGE_CODE,
        IsAppBooking: false,
        PropertyId: property.PropertyId,
        DateFrom: items[0]?.DateFrom ?? '',
        DateTo: items[0]?.DateTo ?? '',
        Notes: draft.specialRequests.trim() || null,
        Comment: draft.comment.trim() || null,
        Booker: booker,
        CardDetails: card,
        PaymentType: paymentTypeName(paymentType),
        AccountId: paymentType === PaymentType.PayByCompanyInvoice ? (draft.company?.AccountId ?? null) : null,
        PONumber: paymentType === PaymentType.PayByCompanyInvoice ? draft.poNumber.trim() || null : null,
        ...searchCodes(props),
        HopGiftVoucherCode: props.giftVoucher.status === 'applied' ? props.giftVoucher.code : null,
        Rooms: items.map((item) => reservationRoom(item, property.Currency)),
        BrowserData: browserData(),
      };
    },
    check: async (request) => {
      const card = request.CardDetails;
      // Stripe checks what was typed in its frame, and marks it there too.
      const stripeMessage = newStripeCard && stripeField.current ? await stripeField.current.check() : null;
      const cardErrors =
        card == null || stripe !== null
          ? {}
          : validateCardDetails(card, {
              today: props.today,
              acceptedCardTypes: card.CreditCardId == null ? acceptedTypes.map((type) => type.Name) : undefined,
            });
      const companyErrors: FieldErrors =
        paymentType === PaymentType.PayByCompanyInvoice &&
        !isInvoiceDetailsCaptured({ poNumber: draft.poNumber, company: draft.company?.AccountId })
          ? {
              ...(draft.company === null ? { AccountId: [requiredMessage('Company')] } : {}),
              ...(draft.poNumber.trim() === '' ? { PONumber: [requiredMessage('PO Number')] } : {}),
            }
          : {};
      const found = mergeErrors(
        schemaErrors(bookerSchema, request.Booker),
        validateBookerAddress(request.Booker),
        draft.password === '' && draft.confirmPassword === '' ? {} : passwordErrors(draft.password, draft.confirmPassword),
        cardErrors,
        stripeMessage === null ? {} : { PaymentMethodId: [stripeMessage] },
        companyErrors,
        draft.agreeToTermsAndConditions ? {} : { agreeToTermsAndConditions: [TERMS_REQUIRED] },
        customTermsShown && !draft.hasAcceptedCustomTermsAndConditions
          ? { hasAcceptedCustomTermsAndConditions: [CUSTOM_TERMS_REQUIRED] }
          : {},
      );
      // The wire schema is the last word on shape (lengths, formats) before anything is sent.
      const shape = schemaErrors(reservationCreateRequestSchema, request);
      const unplaced = Object.keys(shape).filter((path) => !(fieldOfPath(path) in found));
      const shapeErrors: FieldErrors = Object.fromEntries(unplaced.map((path) => [fieldOfPath(path), shape[path] ?? []]));
      const all = mergeErrors(found, shapeErrors);
      // Focus goes to the first field of ours marked invalid; Stripe's frame is not one of them.
      if (stripeMessage !== null && Object.keys(all).length === 1) stripeField.current?.focus();
      return all;
    },
    send: async (typedRequest) => {
      let request = typedRequest;
      if (newStripeCard && stripeField.current) {
        const made = await stripeField.current.createPaymentMethod({
          name: `${request.Booker.FirstName} ${request.Booker.LastName}`,
          email: request.Booker.Email,
        });
        if ('message' in made) {
          form.setErrors({ PaymentMethodId: [made.message] });
          stripeField.current.focus();
          return;
        }
        request = { ...request, PaymentMethodId: made.paymentMethodId };
      }
      const ready = canConfirmBooking({
        booker: request.Booker,
        paymentType,
        paymentMethodId: request.PaymentMethodId,
        providerCardId: stripe === null ? null : request.CardDetails?.CreditCardId,
        card: request.CardDetails && {
          ...request.CardDetails,
          CardNumber: request.CardDetails.CardNumber ?? (request.CardDetails.CreditCardId == null ? null : 'saved'),
        },
        poNumber: draft.poNumber,
        company: draft.company?.AccountId,
        agreeToTermsAndConditions: draft.agreeToTermsAndConditions,
        hasAcceptedCustomTermsAndConditions: draft.hasAcceptedCustomTermsAndConditions,
        config,
        bookingInProgress,
      });
      // Every rule of the domain's has its field message above; this is the domain's last word.
      if (!ready) return;
      const error = await attempt.send(request, total);
      if (cardDeclined(request, error)) return;
      if (error !== null) throw error;
    },
    failure: { message: ERROR_MESSAGES.createBookingFailed, position: 'bottom' },
    blocked: bookingInProgress,
  });

  /** A declined card is told at its field (and in the notice by the button), not in a toast that outlives the page. */
  const cardDeclined = (request: ReservationCreateRequest, error: unknown): boolean => {
    if (!(error instanceof ApiError && error.code === 'PAYMENT_DECLINED')) return false;
    const cardField = request.CardDetails?.CreditCardId != null ? 'CreditCardId' : stripe !== null ? 'PaymentMethodId' : 'CardNumber';
    markInvalid({ [cardField]: [errorText(error, ERROR_MESSAGES.createBookingFailed)] });
    if (cardField === 'PaymentMethodId') stripeField.current?.focus();
    return true;
  };

  /** Sends the booking whose card payment is awaited again; a decline is told at the card as a first one is. */
  const resume = async () => {
    const refused = await attempt.resume();
    if (refused !== null) cardDeclined(refused.request, refused.error);
  };

  // The first room's lead guest is usually the booker: offered, never filled in unasked.
  const firstLead = items[0]?.leadGuest;
  const leadGuest = firstLead !== undefined && firstLead.FirstName.trim() !== '' && firstLead.LastName.trim() !== '' ? firstLead : null;

  const bookerField = (name: 'FirstName' | 'LastName' | 'Email' | 'Phone' | 'Street' | 'ZipCode') => ({
    value: draft.booker[name],
    onChange: (event: { target: { value: string } }) => setBooker(name, event.target.value),
    error: errors[name],
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-6" aria-label="Checkout">
      <CheckoutSection title="Your details">
        {leadGuest !== null && (
          <Button
            variant="secondary"
            className="mb-4"
            onClick={() => {
              for (const name of ['FirstName', 'LastName', 'Email', 'Phone'] as const) {
                if (leadGuest[name].trim() !== '') setBooker(name, leadGuest[name].trim());
              }
            }}
          >
            Use the lead guest’s details ({leadGuest.FirstName} {leadGuest.LastName})
          </Button>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" maxLength={SHORT_TEXT_MAX} {...bookerField('FirstName')} />
          <TextField label="Last name" autoComplete="family-name" maxLength={SHORT_TEXT_MAX} {...bookerField('LastName')} />
          <TextField label="Email address" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} {...bookerField('Email')} />
          <TextField
            label="Telephone"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX_LENGTH}
            hint={`Start with + or 00 and your country code${dialling ? `, e.g. ${dialling}` : ''}.`}
            {...bookerField('Phone')}
          />
        </div>
      </CheckoutSection>

      <CheckoutSection title="Your address">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Street"
            autoComplete="street-address"
            className="sm:col-span-2"
            maxLength={SHORT_TEXT_MAX}
            {...bookerField('Street')}
          />
          <TextField label="Post code" autoComplete="postal-code" maxLength={SHORT_TEXT_MAX} {...bookerField('ZipCode')} />
          <SelectField
            label="Country"
            autoComplete="country"
            value={draft.booker.CountryId}
            onChange={(event) => setBooker('CountryId', event.target.value)}
            error={errors.CountryId}
          >
            <option value="">Choose a country</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.CountryId} value={country.CountryId}>
                {country.Name}
              </option>
            ))}
          </SelectField>
        </div>
      </CheckoutSection>

      {user === null && (
        <CheckoutSection title="Create an account (optional)">
          <p className="text-sm text-gray-800">Choose a password to save your details for next time.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <NewPasswordFields
              password={{
                value: draft.password,
                onChange: (event) => setDraftField('password', event.target.value),
                error: errors.Password,
              }}
              confirm={{
                value: draft.confirmPassword,
                onChange: (event) => setDraftField('confirmPassword', event.target.value),
                error: errors.ConfirmPassword,
              }}
            />
          </div>
        </CheckoutSection>
      )}

      <CheckoutSection title="Anything else?">
        <TextAreaField
          label="Special requests"
          value={draft.specialRequests}
          maxLength={LONG_TEXT_MAX}
          showCount
          onChange={(event) => setDraftField('specialRequests', event.target.value)}
          error={errors.Notes}
        />
        <TextField
          label="Who referred you?"
          value={draft.comment}
          maxLength={LONG_TEXT_MAX}
          onChange={(event) => setDraftField('comment', event.target.value)}
          error={errors.Comment}
        />
        <CheckboxField
          label={`Send me news and offers from ${property.PropertyName}`}
          checked={draft.booker.OptInToReceiveUpdates}
          onChange={(event) => setBooker('OptInToReceiveUpdates', event.target.checked)}
        />
      </CheckoutSection>

      <CheckoutSection title="Payment">
        {invoiceAllowed && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">How would you like to pay?</legend>
            <RadioOption label="Pay Online" name="payment-choice" checked={!payingByInvoice} onChange={() => choosePayment('online')} />
            <RadioOption label="Pay by Invoice" name="payment-choice" checked={payingByInvoice} onChange={() => choosePayment('invoice')} />
            {payingByInvoice && companyAllowed && individualAllowed && (
              <fieldset className="ml-7 space-y-1">
                <legend className="text-sm">Send the invoice to</legend>
                {(['company', 'individual'] as const).map((to) => (
                  <RadioOption
                    key={to}
                    label={to === 'company' ? 'My company' : 'Me'}
                    name="invoice-to"
                    checked={draft.invoiceTo === to}
                    onChange={() => {
                      setDraftField('invoiceTo', to);
                      choosePayment('invoice', to);
                    }}
                  />
                ))}
              </fieldset>
            )}
          </fieldset>
        )}
        {paymentType === PaymentType.PayByCard && stripe !== null && (
          <div className="space-y-4">
            <SavedCardChoice
              savedCards={savedCards}
              chosen={savedCardChosen ? draft.card.CreditCardId : ''}
              error={errors.CreditCardId}
              onChoose={(id) => {
                setCard({ ...draft.card, CreditCardId: id });
                clearErrors('PaymentMethodId', 'CreditCardId');
              }}
            />
            {newStripeCard && (
              <StripePaymentField
                key={`${stripe.publicKey} ${stripe.scriptUrl} ${property.Currency}`}
                publicKey={stripe.publicKey}
                scriptUrl={stripe.scriptUrl}
                amount={total}
                currency={property.Currency}
                error={errors.PaymentMethodId}
                onChange={() => clearErrors('PaymentMethodId')}
                handle={stripeField}
              />
            )}
            {newStripeCard && user !== null && (
              <CheckboxField
                label={SAVE_CARD_LABEL}
                checked={draft.card.SaveCreditCardToIndividual}
                onChange={(event) => setCard({ ...draft.card, SaveCreditCardToIndividual: event.target.checked })}
              />
            )}
          </div>
        )}
        {paymentType === PaymentType.PayByCard && property.PaymentProvider === 'test' && (
          <Notice tone="info" title="Test mode: no real card is charged">
            Pay with a test card such as 4242 4242 4242 4242 (Visa) or 5555 5555 5555 4444 (Mastercard), any future expiry date and any
            3-digit security code.
          </Notice>
        )}
        {paymentType === PaymentType.PayByCard && stripe === null && (
          <CardFields
            card={draft.card}
            errors={errors}
            acceptedTypes={acceptedTypes}
            savedCards={savedCards}
            loggedIn={user !== null}
            currentYear={Number(props.today.slice(0, 4))}
            onChange={(card) => {
              setCard(card);
              clearErrors('CardNumber', 'NameOnCard', 'ExpiryMonth', 'ExpiryYear', 'SecurityCode', 'CreditCardTypeId', 'CreditCardId');
            }}
          />
        )}
        {paymentType === PaymentType.PayByPayStack && <p>You will be taken to PayStack to pay once you confirm.</p>}
        {paymentType === PaymentType.PayByIndividualInvoice && <p>We will send the invoice to you after your stay.</p>}
        {paymentType === PaymentType.PayByCompanyInvoice && (
          <CompanyFields
            propertyId={property.PropertyId}
            user={user}
            company={draft.company}
            poNumber={draft.poNumber}
            errors={errors}
            onCompany={(company) => {
              setDraftField('company', company);
              clearErrors('AccountId');
            }}
            onPoNumber={(poNumber) => {
              setDraftField('poNumber', poNumber);
              clearErrors('PONumber');
            }}
          />
        )}
      </CheckoutSection>

      {config.GiftServiceProviderConfig?.Active && (
        <CheckoutSection title="Gift voucher">
          <GiftVoucherField
            propertyId={property.PropertyId}
            providerName={config.GiftServiceProviderConfig.Name}
            items={items}
            codes={searchCodes(props)}
            voucher={props.giftVoucher}
            onChange={props.onGiftVoucher}
            onContactUs={props.onContactUs}
          />
        </CheckoutSection>
      )}

      <CheckoutSection title="Terms and conditions">
        <CheckboxField
          checked={draft.agreeToTermsAndConditions}
          onChange={(event) => {
            setDraftField('agreeToTermsAndConditions', event.target.checked);
            clearErrors('agreeToTermsAndConditions');
          }}
          error={errors.agreeToTermsAndConditions}
          label={
            <>
              I agree to the{' '}
              {property.TermsAndConditionsUrl ? (
                <a className="text-link underline" href={property.TermsAndConditionsUrl} target="_blank" rel="noreferrer">
                  terms and conditions
                </a>
              ) : (
                'terms and conditions'
              )}
              {property.PrivacyPolicyUrl && (
                <>
                  {' '}
                  and the{' '}
                  <a className="text-link underline" href={property.PrivacyPolicyUrl} target="_blank" rel="noreferrer">
                    privacy policy
                  </a>
                </>
              )}
            </>
          }
        />
        {customTermsShown && (
          <div className="space-y-2 rounded-md bg-gray-50 p-3">
            {config.CustomTermsAndConditionsText && <p className="text-sm">{config.CustomTermsAndConditionsText}</p>}
            <CheckboxField
              label={config.CustomTermsAndConditionsLabel || 'I accept these terms'}
              checked={draft.hasAcceptedCustomTermsAndConditions}
              onChange={(event) => {
                setDraftField('hasAcceptedCustomTermsAndConditions', event.target.checked);
                clearErrors('hasAcceptedCustomTermsAndConditions');
              }}
              error={errors.hasAcceptedCustomTermsAndConditions}
            />
          </div>
        )}
      </CheckoutSection>

      {hasErrors(errors) && (
        <Notice tone="negative" title="Please check the highlighted fields" live>
          Some details are missing or not valid.
        </Notice>
      )}
      {props.pendingPayment !== null && attempt.phase === 'ready' && (
        <Notice tone="warning" title={`Booking ${props.pendingPayment.ReservationNumber} is waiting for your bank`} live>
          <p>
            Your bank has not yet confirmed the payment.{' '}
            <a className="text-link font-semibold underline" href={props.pendingPayment.ChallengeUrl}>
              Complete the security check
            </a>
            , or change how you pay and confirm again: the rooms held for you are then released first.
          </p>
        </Notice>
      )}
      <AttemptNotices
        phase={attempt.phase}
        refusal={attempt.refusal}
        otherTab={attempt.otherTab}
        total={total}
        display={money.display}
        onCheckAgain={() => void attempt.findOut()}
        onResume={() => void resume()}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={bookingInProgress} busy={bookingInProgress}>
        {attempt.phase === 'sending'
          ? 'Booking…'
          : attempt.refusal?.kind === 'priceChanged'
            ? 'Accept the new price and confirm booking'
            : 'Confirm booking'}
      </Button>
    </form>
  );
}

/** What the guest must know about the booking being sent: each stays until the next attempt. */
function AttemptNotices(props: {
  phase: AttemptPhase;
  refusal: Refusal | null;
  otherTab: OtherTab;
  total: Minor;
  display: (amount: Minor) => string;
  onCheckAgain: () => void;
  /** Sends the booking whose card payment is awaited again, to settle it. */
  onResume: () => void;
}) {
  const { phase, refusal, otherTab } = props;
  return (
    <>
      {otherTab !== null && phase !== 'checking' && (
        <Notice tone="info" title={otherTab === 'booked' ? 'Booked in another window' : 'Also being booked in another window'} live>
          {otherTab === 'booked'
            ? 'This booking has just been made in another tab or window. Confirming here shows that booking: it is not made twice.'
            : 'You are confirming this booking in another tab or window as well. It can only be booked once.'}
        </Notice>
      )}
      {(phase === 'checking' || phase === 'unknown') && (
        <Notice tone="warning" title="We could not confirm whether your booking went through" live>
          {phase === 'checking' ? (
            <Loading label="Checking with the hotel whether it was made…" />
          ) : (
            <>
              <p>We could not reach the hotel to find out. Please check your internet connection, then check again.</p>
              <Button variant="secondary" className="mt-2" onClick={props.onCheckAgain}>
                Check again
              </Button>
            </>
          )}
        </Notice>
      )}
      {(phase === 'waiting' || phase === 'resuming') && (
        <Notice tone="warning" title="Your payment is not confirmed yet" live>
          <p>
            We have not heard back from your card provider yet, so we do not know whether your payment went through. Your rooms are held for
            you and you will not be charged twice: please do not book them again another way meanwhile.
          </p>
          <p className="mt-1">
            Check again in a minute. If the payment went through, your booking is confirmed; if it did not, nothing is taken and the rooms
            are released.
          </p>
          <Button variant="secondary" className="mt-2" onClick={props.onResume} disabled={phase === 'resuming'} busy={phase === 'resuming'}>
            {phase === 'resuming' ? 'Checking…' : 'Check again'}
          </Button>
        </Notice>
      )}
      {phase === 'notMade' && (
        <Notice tone="info" title="Your booking was not made" live>
          We checked with the hotel: the booking did not go through. You can confirm it again.
        </Notice>
      )}
      {refusal?.kind === 'priceChanged' && (
        <Notice tone="warning" title="The price of your stay has changed" live>
          It was {props.display(refusal.previousTotal)} and is now {props.display(props.total)}: the summary shows the new prices. Your
          details are kept.
        </Notice>
      )}
      {refusal?.kind === 'refused' && (
        <Notice tone="negative" title="Your booking was not made" live>
          {refusal.message}
        </Notice>
      )}
      {refusal?.kind === 'paymentFailed' && (
        <Notice tone="negative" title="Your booking is not made yet" live>
          {refusal.message} Your details are kept: check how you pay and confirm again.
        </Notice>
      )}
    </>
  );
}
