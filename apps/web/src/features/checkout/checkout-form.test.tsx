import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentType } from '@hotel/domain/checkout';
import { toMinor } from '@hotel/domain/money';
import { buildItem } from '../../stores/booking-item';
import {
  emptyBookingState,
  getBookingState,
  NO_GIFT_VOUCHER,
  paymentNotMade,
  setBookingState,
  useBookingState,
  type BookingItem,
  type GiftVoucher,
} from '../../stores/booking-store';
import { aBookConfig, aProperty, aRate, aSavedCard, aSearchCriteria, aSearchRoomType, aUser } from '../../test/builders';
import { fakeApi, renderWithProviders, respond, type ApiCall, type ApiRoutes } from '../../test/render';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { CheckoutForm } from './checkout-form';

/**
 * Stripe.js as far as the checkout calls it, answering as Stripe documents: `elements.submit()`
 * `{}` or `{ error }`, `createPaymentMethod` `{ paymentMethod }` or `{ error }`. The card is
 * typed in Stripe's frame, which a unit test has none of: each test says what Stripe answers.
 */
const stripeJs = vi.hoisted(() => ({
  loadedFrom: [] as string[],
  keys: [] as string[],
  elementsOptions: [] as unknown[],
  submitError: null as null | { type: string; code: string; message: string },
  createError: null as null | { type: string; code: string; message: string },
  created: [] as unknown[],
  focused: 0,
}));
vi.mock('../../lib/stripe-loader', () => ({
  loadStripeFrom: async (url: string) => {
    stripeJs.loadedFrom.push(url);
    return (key: string) => {
      stripeJs.keys.push(key);
      return {
        elements: (options: unknown) => {
          stripeJs.elementsOptions.push(options);
          return {
            create: () => ({
              on: (event: string, handler: () => void) => {
                if (event === 'ready') queueMicrotask(handler);
              },
              mount: (target: HTMLElement) => {
                // Stripe's frame stands here; jsdom loads no frame, so a plain element takes its place.
                const frame = document.createElement('div');
                frame.title = 'Secure payment input frame';
                target.append(frame);
              },
              destroy: () => undefined,
              focus: () => {
                stripeJs.focused += 1;
              },
            }),
            update: () => undefined,
            submit: async () => (stripeJs.submitError === null ? {} : { error: stripeJs.submitError }),
          };
        },
        createPaymentMethod: async (options: unknown) => {
          stripeJs.created.push(options);
          return stripeJs.createError === null ? { paymentMethod: { id: 'pm_1QxStripeMade' } } : { error: stripeJs.createError };
        },
      };
    };
  },
}));

function anItem(canPayByCompanyInvoice = true, currency = 'GBP'): BookingItem {
  const item = buildItem({
    criteria: aSearchCriteria(),
    roomIndex: 0,
    entry: aSearchRoomType(),
    rate: aRate({ CanPayByCompanyInvoice: canPayByCompanyInvoice }),
    hasSelectableServices: false,
    currency,
  });
  return { ...item, leadGuest: { FirstName: 'Ada', LastName: 'Lovelace', Email: '', Phone: '' }, roomConfigurationId: 5 };
}

const baseRoutes: ApiRoutes = {
  'GET /api/StaticData/7/countries': [{ CountryId: 826, Name: 'United Kingdom', Code: 'GB', DiallingCode: '+44' }],
  'GET /api/StaticData/7/creditcardtypes': [
    { CreditCardTypeId: 1, Name: 'Visa', Code: 'visa' },
    { CreditCardTypeId: 2, Name: 'Mastercard', Code: 'mastercard' },
  ],
  'POST /api/Log': respond(204),
};

/** The form over the booking store's basket, as the checkout page shows it. */
function Harness(props: {
  property?: Property;
  config?: BookConfig;
  user?: UserAccount;
  onBooked?: () => void;
  onRoomsSold?: () => void;
  promoCode?: string;
  ratePlanCode?: string;
}) {
  const [paymentType, setPaymentType] = useState<PaymentType>(PaymentType.PayByCard);
  const [voucher, setVoucher] = useState<GiftVoucher>(NO_GIFT_VOUCHER);
  const booking = useBookingState();
  return (
    <CheckoutForm
      property={props.property ?? aProperty()}
      config={props.config ?? aBookConfig()}
      user={props.user ?? null}
      basketId={booking.basketId}
      items={booking.items}
      promoCode={props.promoCode ?? ''}
      ratePlanCode={props.ratePlanCode ?? ''}
      paymentType={paymentType}
      giftVoucher={voucher}
      pendingPayment={booking.pendingPayment}
      today="2030-04-01"
      onPaymentType={setPaymentType}
      onGiftVoucher={setVoucher}
      onContactUs={() => undefined}
      onBooked={props.onBooked ?? (() => undefined)}
      onRoomsSold={props.onRoomsSold ?? (() => undefined)}
    />
  );
}

/** A basket of `items` in the booking store, as the wizard leaves it for the checkout. */
function givenBasket(items: BookingItem[] = [anItem()]) {
  setBookingState({ ...emptyBookingState('TEST'), items });
}

const createCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/Reservation/Create');

async function fillBooker({ email = 'grace@example.com' } = {}) {
  await userEvent.type(screen.getByLabelText('First name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
  await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.type(screen.getByLabelText('Telephone'), '+44 117 900 0000');
  await fillAddress();
}

/** The address, which a logged-in user's details do not fill in. */
async function fillAddress() {
  await userEvent.type(screen.getByLabelText('Street'), '1 Quay');
  await userEvent.type(screen.getByLabelText('Post code'), 'BS1 1AA');
  await userEvent.selectOptions(screen.getByLabelText('Country'), await screen.findByRole('option', { name: 'United Kingdom' }));
}

async function fillCard(number = '4242 4242 4242 4242') {
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year'), '2032');
  await userEvent.type(screen.getByLabelText('Security code'), '123');
}

/** Booker, card and terms filled in, as a guest who is about to confirm. */
async function readyToConfirm(booker: { email?: string } = {}) {
  await fillBooker(booker);
  await fillCard();
  await userEvent.click(screen.getByLabelText(/I agree to the/));
}

describe('CheckoutForm', () => {
  beforeEach(() => givenBasket());

  it('shows the field messages for every missing detail and books nothing', async () => {
    const calls = fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'A valid email address is required',
      'A valid phone number is required',
      'Street is required',
      'Country is required',
      'Post code is required',
      'A valid card number is required',
      'A valid security code is required',
      'A valid expiry month is required',
      'Please agree to the terms and conditions',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.path === '/api/Reservation/Create')).toBe(false);
  });

  it('detects the card type from the number and refuses a type the property does not accept', async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242');
    expect(screen.getByTestId('card-type')).toHaveTextContent('Card type: Visa');
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '3782 822463 10005');
    expect(screen.getByTestId('card-type')).toHaveTextContent('American Express');
    expect(screen.getByText('This card type is not accepted')).toBeInTheDocument();
  });

  it('checks the confirmation password against the rule', async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(screen.getByText(/Password must be at least 10 characters/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('books by card with an idempotency key, holder copied from the booker', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    await fillBooker();
    await fillCard();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    const create = calls.find((call) => call.path === '/api/Reservation/Create');
    expect(create?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(create?.body).toMatchObject({
      PaymentType: 'PayByCard',
      Booker: {
        FirstName: 'Grace',
        LastName: 'Hopper',
        City: null,
        StateOrCounty: null,
        CountryId: 826,
        ZipCode: 'BS1 1AA',
        OptInToReceiveUpdates: false,
      },
      CardDetails: {
        CardNumber: '4242424242424242',
        NameOnCard: 'Grace Hopper',
        EmailAddress: 'grace@example.com',
        CreditCardTypeId: 1,
        ExpiryMonth: 12,
        ExpiryYear: 2032,
      },
      Rooms: [
        {
          RoomTypeId: 10,
          RatePlanId: 1,
          TotalCost: 200,
          RoomConfigurationDropdownOptionId: 5,
          LeadGuest: { FirstName: 'Ada', LastName: 'Lovelace' },
        },
      ],
    });
  });

  it('names test cards above the card form at a property paying through the test gateway', async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Test mode: no real card is charged')).toBeInTheDocument();
    expect(screen.getByText(/4242 4242 4242 4242 \(Visa\)/)).toBeInTheDocument();
  });

  it('offers the first room’s lead guest as the booker, filling only when asked', async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('First name')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Use the lead guest’s details (Ada Lovelace)' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    // The lead guest gave no e-mail address: the field is left for the booker's.
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('tells a declined card at the card number and by the button, not in a toast, focuses it, and retries with the same key', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': respond(402, {
        Message: 'Your card was declined. Please use another card.',
        Code: 'PAYMENT_DECLINED',
      }),
    });
    renderWithProviders(<Harness />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const cardNumber = screen.getByLabelText('Card number');
    await waitFor(() => expect(cardNumber).toHaveAccessibleDescription(/Your card was declined\. Please use another card\./));
    await waitFor(() => expect(cardNumber).toHaveFocus());
    // A toast would outlive the page and still show after a retry that books.
    expect(document.querySelector('[data-toast]')).toBeNull();
    expect(screen.getByText('Your booking was not made')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(createCalls(calls)).toHaveLength(2));
    const [first, second] = createCalls(calls);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    // A declined card is the guest's to fix, not a fault of ours: the server log gets a warning.
    const diagnostics = calls.filter((call) => call.path === '/api/Log').map((call) => call.body as { Level: string; Status: number });
    expect(diagnostics).toContainEqual(expect.objectContaining({ Level: 'warn', Status: 402 }));
    expect(diagnostics.filter((diagnostic) => diagnostic.Level === 'error')).toEqual([]);
  });

  it.each([
    ['rises', 260, 'It was £200.00 and is now £260.00'],
    ['falls', 180, 'It was £200.00 and is now £180.00'],
  ])('when the price %s, shows the new price and books it in one click, with nothing typed again', async (_, newPrice, said) => {
    let answered = 0;
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': () =>
        answered++ === 0
          ? respond(409, {
              Message: 'The price of your stay has changed. Please check the new price and confirm your booking again.',
              Code: 'PRICE_CHANGED',
              Rooms: [
                {
                  ReservationItemId: getBookingState().items[0]?.ReservationItemId,
                  TotalCost: newPrice,
                  OriginalTotalCost: newPrice,
                  ServicesCost: 0,
                  Services: [],
                },
              ],
              TotalCost: newPrice,
            })
          : { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('The price of your stay has changed')).toBeInTheDocument();
    expect(screen.getByText('The price of your stay has changed').parentElement).toHaveTextContent(said);
    expect(getBookingState().items[0]?.roomCost).toBe(toMinor(newPrice, 'GBP'));

    await userEvent.click(screen.getByRole('button', { name: 'Accept the new price and confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    const [first, second] = createCalls(calls);
    expect(second?.body).toMatchObject({ Rooms: [{ TotalCost: newPrice }], Booker: { FirstName: 'Grace' } });
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('after a lost answer says it cannot confirm the booking, asks with the same key, and shows the booking it made', async () => {
    const made = { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null };
    let online = false;
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /api/Reservation/CreateOutcome': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { Made: true, Booking: made };
      },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('We could not confirm whether your booking went through')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Check again' });
    // Until the server has said, Confirm is not offered again; editing is harmless.
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Special requests'), ' and a cot');
    expect(getBookingState().attemptUnconfirmed).toBe(true);

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(made, expect.anything()));
    const key = createCalls(calls)[0]?.headers['Idempotency-Key'];
    expect(calls.filter((call) => call.path === '/api/Reservation/CreateOutcome').map((call) => call.headers['Idempotency-Key'])).toEqual([
      key,
      key,
    ]);
    expect(createCalls(calls)).toHaveLength(1);
  });

  it('offers to confirm again only once the server says the lost booking was not made, and then sends the same key', async () => {
    let sent = 0;
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': () => {
        if (sent++ === 0) throw new TypeError('Failed to fetch');
        return { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null };
      },
      'GET /api/Reservation/CreateOutcome': { Made: false, Waiting: false, Booking: null },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Your booking was not made')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Special requests'), 'A cot, please');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    const [first, second] = createCalls(calls);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(second?.body).toMatchObject({ Notes: 'A cot, please' });
  });

  it('a 503 that made nothing (the hotel cannot take cards now) shows the server’s reason once the server confirms nothing was made', async () => {
    const reason = 'This hotel cannot take card payments online at the moment. Nothing was booked and nothing was charged.';
    fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': respond(503, { Message: reason, Code: 'PAYMENT_UNAVAILABLE' }),
      'GET /api/Reservation/CreateOutcome': { Made: false, Waiting: false, Booking: null },
    });
    renderWithProviders(<Harness />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const notice = (await screen.findByText('Your booking was not made')).parentElement as HTMLElement;
    expect(notice).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
  });

  it('a 409 because a request with the same key is still being done is a lost answer: the server is asked, not a refusal shown', async () => {
    const made = { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null };
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': respond(409, { Message: 'A request with this Idempotency-Key has not finished.', Code: 'CONFLICT' }),
      'GET /api/Reservation/CreateOutcome': { Made: true, Booking: made },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(made, expect.anything()));
    expect(calls.filter((call) => call.path === '/api/Reservation/CreateOutcome')).toHaveLength(1);
  });

  it('after a reload with an answer missing, asks the server before anything else', async () => {
    setBookingState({ ...getBookingState(), attemptUnconfirmed: true });
    const calls = fakeApi({ ...baseRoutes, 'GET /api/Reservation/CreateOutcome': { Made: false, Waiting: false, Booking: null } });
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Your booking was not made')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Reservation/CreateOutcome')?.headers['Idempotency-Key']).toBe(
      getBookingState().attemptKey,
    );
    expect(getBookingState().attemptUnconfirmed).toBe(false);
  });

  describe('when the card provider has not answered (503, and CreateOutcome says Waiting)', () => {
    const made = { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null };
    const outcomeUnknown = respond(503, {
      Message: 'We could not hear back from the card provider, so we do not know yet whether your payment went through.',
      Code: 'PAYMENT_UNAVAILABLE',
    });
    const waiting = { Made: false, Waiting: true, Booking: null };
    const outcomeCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/Reservation/CreateOutcome');

    /** Create answers each of `answers` in turn (the last one from then on). */
    const inTurn = (answers: unknown[]) => {
      let sent = 0;
      return () => answers[Math.min(sent++, answers.length - 1)];
    };

    it('says the payment is awaited, the rooms held and nothing charged twice, never that it was not made, and offers no Confirm', async () => {
      fakeApi({ ...baseRoutes, 'POST /api/Reservation/Create': outcomeUnknown, 'GET /api/Reservation/CreateOutcome': waiting });
      renderWithProviders(<Harness />);
      await readyToConfirm();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      const notice = (await screen.findByText('Your payment is not confirmed yet')).parentElement as HTMLElement;
      expect(notice).toHaveTextContent('We have not heard back from your card provider yet');
      expect(notice).toHaveTextContent('Your rooms are held for you and you will not be charged twice');
      expect(within(notice).getByRole('button', { name: 'Check again' })).toBeEnabled();
      expect(screen.queryByText('Your booking was not made')).not.toBeInTheDocument();
      expect(screen.queryByText(/You can confirm it again/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
      expect(getBookingState().attemptUnconfirmed).toBe(true);
    });

    it('checks again by sending the same booking with the same key, and shows the booking once it is made', async () => {
      const calls = fakeApi({
        ...baseRoutes,
        'POST /api/Reservation/Create': inTurn([outcomeUnknown, made]),
        'GET /api/Reservation/CreateOutcome': waiting,
      });
      const onBooked = vi.fn();
      renderWithProviders(<Harness onBooked={onBooked} />);
      await readyToConfirm();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await screen.findByText('Your payment is not confirmed yet');
      // Typing meanwhile changes nothing of the booking being settled.
      await userEvent.type(screen.getByLabelText('Special requests'), 'A cot');

      await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalledWith(made, expect.anything()));
      const [first, second] = createCalls(calls);
      expect(second?.body).toEqual(first?.body);
      expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
      expect(outcomeCalls(calls)).toHaveLength(1);
    });

    it('stays waiting while the provider still has not answered, and shows a decline as the refusal it is', async () => {
      const calls = fakeApi({
        ...baseRoutes,
        'POST /api/Reservation/Create': inTurn([
          outcomeUnknown,
          outcomeUnknown,
          respond(402, { Message: 'Your card was declined. Please use another card or contact your bank.', Code: 'PAYMENT_DECLINED' }),
        ]),
        'GET /api/Reservation/CreateOutcome': waiting,
      });
      renderWithProviders(<Harness />);
      await readyToConfirm();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await screen.findByText('Your payment is not confirmed yet');

      await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
      await waitFor(() => expect(outcomeCalls(calls)).toHaveLength(2));
      expect(await screen.findByRole('button', { name: 'Check again' })).toBeEnabled();
      expect(screen.getByText('Your payment is not confirmed yet')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();

      await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
      expect(await screen.findByText('Your booking was not made')).toBeInTheDocument();
      expect(screen.getByText('Your booking was not made').parentElement).toHaveTextContent(
        'Your card was declined. Please use another card or contact your bank.',
      );
      expect(screen.queryByText('Your payment is not confirmed yet')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/Your card was declined/));
      expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
      expect(getBookingState().attemptUnconfirmed).toBe(false);
      expect(new Set(createCalls(calls).map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    });

    it('after a reload still waits, and asks the server again (the card is not kept) until the booking is made', async () => {
      setBookingState({ ...getBookingState(), attemptUnconfirmed: true });
      let settled = false;
      const calls = fakeApi({
        ...baseRoutes,
        'GET /api/Reservation/CreateOutcome': () => (settled ? { Made: true, Booking: made } : waiting),
      });
      const onBooked = vi.fn();
      renderWithProviders(<Harness onBooked={onBooked} />);
      expect(await screen.findByText('Your payment is not confirmed yet')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
      expect(getBookingState().attemptUnconfirmed).toBe(true);

      settled = true;
      await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalledWith(made, expect.anything()));
      expect(outcomeCalls(calls).map((call) => call.headers['Idempotency-Key'])).toEqual([
        getBookingState().attemptKey,
        getBookingState().attemptKey,
      ]);
      expect(createCalls(calls)).toHaveLength(0);
    });
  });

  it('sends the guest back to choose again, with fresh availability, when a room was sold meanwhile', async () => {
    fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': respond(409, {
        Message: 'Your combination of rooms is not available, please retry your search or contact us directly',
        Code: 'ROOM_SOLD_OUT',
      }),
    });
    const onRoomsSold = vi.fn();
    const before = getBookingState().searchNumber;
    renderWithProviders(<Harness onRoomsSold={onRoomsSold} />);
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onRoomsSold).toHaveBeenCalled());
    expect(getBookingState()).toMatchObject({
      searchNumber: before + 1,
      soldOut: { message: 'Your combination of rooms is not available, please retry your search or contact us directly' },
      attemptUnconfirmed: false,
    });
  });

  it('gives back the rooms of a booking left waiting for the bank before booking another way', async () => {
    setBookingState({
      ...getBookingState(),
      pendingPayment: { ConfirmationToken: 'p'.repeat(30), ReservationNumber: 'R9', ChallengeUrl: '/api/Payments/TestChallenge/x' },
    });
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/ReleasePendingPayment': {
        Success: false,
        Status: 'PaymentFailed',
        Message: 'Released',
        ReservationNumber: 'R9',
        ChallengeUrl: null,
      },
      'POST /api/Reservation/Create': { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null },
    });
    renderWithProviders(<Harness />);
    expect(screen.getByText('Booking R9 is waiting for your bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete the security check' })).toHaveAttribute('href', '/api/Payments/TestChallenge/x');
    await readyToConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(createCalls(calls)).toHaveLength(1));
    const paths = calls.map((call) => call.path).filter((path) => path.startsWith('/api/Reservation/'));
    expect(paths).toEqual(['/api/Reservation/ReleasePendingPayment', '/api/Reservation/Create']);
    expect(calls[calls.findIndex((call) => call.path === '/api/Reservation/ReleasePendingPayment')]?.body).toEqual({
      PropertyId: 7,
      ConfirmationToken: 'p'.repeat(30),
    });
  });

  it("shows the bank's refusal of a payment left waiting, even when it is learnt after the page showed", async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    act(() => paymentNotMade('Your payment was not completed. Your bank could not confirm this payment (3-D Secure). Please try again.'));
    expect(screen.getByText('Your booking is not made yet').parentElement).toHaveTextContent(
      'Your bank could not confirm this payment (3-D Secure). Please try again. Your details are kept',
    );
  });

  it('keeps what was typed through a reload, but never the card or a password', async () => {
    fakeApi(baseRoutes);
    const first = renderWithProviders(<Harness />);
    await fillBooker();
    await fillCard();
    await userEvent.type(screen.getByLabelText('Special requests'), 'Late arrival');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-1!');
    first.unmount();
    expect(JSON.stringify(sessionStorage)).not.toMatch(/4242|secret-pass/);

    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('First name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Email address')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Special requests')).toHaveValue('Late arrival');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // Another basket starts afresh.
    setBookingState({ ...emptyBookingState('TEST'), items: [anItem()] });
    first.unmount();
  });

  it('accepts apostrophes and plus signs in an e-mail address, and says the limit of a field that is too long', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R1', ChallengeUrl: null },
    });
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('First name')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Special requests')).toHaveAttribute('maxLength', '2000');
    expect(screen.getByText('0 of 2,000 characters used')).toBeInTheDocument();
    await readyToConfirm({ email: "mary.o'neill+stay@example.com" });
    await userEvent.type(screen.getByLabelText('Special requests'), 'Quiet');
    expect(screen.getByText('5 of 2,000 characters used')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(createCalls(calls)).toHaveLength(1));
    expect(createCalls(calls)[0]?.body).toMatchObject({ Booker: { Email: "mary.o'neill+stay@example.com" } });
  });

  it('offers Pay by Invoice only when every rate allows a company invoice', () => {
    fakeApi(baseRoutes);
    givenBasket([anItem(true), { ...anItem(false), roomNumber: 2 }]);
    renderWithProviders(<Harness />);
    expect(screen.queryByLabelText('Pay by Invoice')).not.toBeInTheDocument();
  });

  it('pays by company invoice with a company found by search, a PO number and the custom terms', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /api/Company/SearchCompanies': ({ url }: { url: URL }) =>
        url.searchParams.get('query') === 'Acm' ? [{ AccountId: 'ACME', Name: 'Acme Ltd' }] : [],
      'POST /api/Reservation/Create': { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R2', ChallengeUrl: null },
    });
    const onBooked = vi.fn();
    // The company's booker, logged in with a confirmed address: the details are the account's.
    renderWithProviders(<Harness onBooked={onBooked} user={aUser({ EmailAddress: 'buyer@acme-ltd.com', EmailConfirmed: true })} />);
    expect(screen.queryByText('Invoices are due in 30 days.')).not.toBeInTheDocument();
    await fillAddress();
    await userEvent.click(screen.getByLabelText('Pay by Invoice'));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByText('Invoices are due in 30 days.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company'), 'Acm');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme Ltd' }, { timeout: 2000 }));
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(screen.getByText('PO number is required')).toBeInTheDocument();
    expect(screen.getByText('Please accept these terms to pay by invoice')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('PO number'), 'PO-1');
    await userEvent.click(screen.getByLabelText('I accept the company terms'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/Reservation/Create')?.body).toMatchObject({
      PaymentType: 'PayByCompanyInvoice',
      AccountId: 'ACME',
      PONumber: 'PO-1',
      CardDetails: null,
    });
  });

  it.each([
    ['a guest who is not logged in', undefined],
    ['an account whose address is not confirmed yet', aUser({ EmailConfirmed: false })],
  ])('tells %s how to pay by company invoice instead of searching companies it cannot have', async (_, user) => {
    const calls = fakeApi(baseRoutes);
    renderWithProviders(<Harness user={user} />);
    await fillBooker();
    await userEvent.click(screen.getByLabelText('Pay by Invoice'));
    expect(
      screen.getByText(
        'Log in with your company account and confirm your e-mail address to pay by company invoice, or please pay another way.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(calls.some((call) => call.path === '/api/Company/SearchCompanies' || call.path === '/api/Reservation/Create')).toBe(false);
  });

  it('applies a valid gift voucher and reports an invalid one', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/CheckVoucherCode': ({ body }: { body: unknown }) =>
        (body as { VoucherCode: string }).VoucherCode === 'GOOD'
          ? { IsValid: true, TotalDiscount: 25, Message: '£25.00 off your booking', ShowExperienceWarningMessage: false }
          : { IsValid: false, TotalDiscount: 0, Message: 'This gift voucher code is not recognised.', ShowExperienceWarningMessage: false },
    });
    renderWithProviders(<Harness promoCode=" SPRING " ratePlanCode="CORP" />);
    const voucher = screen.getByLabelText(/Gift voucher code/);
    await userEvent.type(voucher, 'BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply voucher' }));
    expect(await screen.findByText('This gift voucher code is not recognised.')).toBeInTheDocument();
    await userEvent.clear(voucher);
    await userEvent.type(voucher, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply voucher' }));
    expect(await screen.findByTestId('voucher-message')).toHaveTextContent('£25.00 off your booking');
    // The rooms are priced as the search priced them: with its promo code, and the code a code-only rate needs.
    expect(calls.find((call) => call.path === '/api/Reservation/CheckVoucherCode')?.body).toMatchObject({
      PromoCode: 'SPRING',
      RatePlanCode: 'CORP',
    });
    expect(
      within(screen.getByRole('region', { name: 'Gift voucher' })).getByRole('button', { name: 'Remove voucher' }),
    ).toBeInTheDocument();
  });
});

describe('CheckoutForm at a Stripe property', () => {
  const stripeProperty = aProperty({
    PaymentProvider: 'stripe',
    PaymentPublicKey: 'pk_test_unitStriped',
    PaymentScriptUrl: 'https://js.stripe.com/v3/',
  });
  const created = { Success: true, ConfirmationToken: 's'.repeat(30), ReservationNumber: 'R7', ChallengeUrl: null };

  beforeEach(() => {
    givenBasket();
    Object.assign(stripeJs, {
      loadedFrom: [],
      keys: [],
      elementsOptions: [],
      submitError: null,
      createError: null,
      created: [],
      focused: 0,
    });
  });

  it('hands the Payment Element the amount in Stripe’s unit of the currency: 200 ISK is 20000, as Stripe writes krónur', async () => {
    givenBasket([anItem(true, 'ISK')]);
    fakeApi(baseRoutes);
    renderWithProviders(<Harness property={{ ...stripeProperty, Currency: 'ISK', AvailableCurrencies: ['ISK'] }} />);
    await screen.findByTitle('Secure payment input frame');
    // The rate's 200 krónur are 200 of our minor units (ISK has none) and 20000 at Stripe, whose ISK keeps two decimals, always 00.
    expect(stripeJs.elementsOptions).toEqual([{ mode: 'payment', amount: 20000, currency: 'isk', paymentMethodCreation: 'manual' }]);
  });

  it('takes the card in Stripe’s Payment Element and books with the payment method it made, never a card number', async () => {
    const calls = fakeApi({ ...baseRoutes, 'POST /api/Reservation/Create': created });
    const onBooked = vi.fn();
    renderWithProviders(<Harness property={stripeProperty} onBooked={onBooked} />);
    await screen.findByTitle('Secure payment input frame');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Security code')).toBeNull();
    expect(screen.queryByText('Test mode: no real card is charged')).toBeNull();
    expect(stripeJs.loadedFrom).toEqual(['https://js.stripe.com/v3/']);
    expect(stripeJs.keys).toEqual(['pk_test_unitStriped']);
    // One room, two nights, the rate's room cost £200.00 for the stay = 20000 pence.
    expect(stripeJs.elementsOptions).toEqual([{ mode: 'payment', amount: 20000, currency: 'gbp', paymentMethodCreation: 'manual' }]);
    await fillBooker();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(stripeJs.created).toEqual([
      { elements: expect.anything(), params: { billing_details: { name: 'Grace Hopper', email: 'grace@example.com' } } },
    ]);
    const create = createCalls(calls)[0];
    expect(create?.body).toMatchObject({ PaymentType: 'PayByCard', PaymentMethodId: 'pm_1QxStripeMade', CardDetails: null });
  });

  it('shows what Stripe finds wrong with the card at the card, and books nothing', async () => {
    const calls = fakeApi({ ...baseRoutes, 'POST /api/Reservation/Create': created });
    renderWithProviders(<Harness property={stripeProperty} />);
    await screen.findByTitle('Secure payment input frame');
    await fillBooker();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    stripeJs.submitError = { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const group = await screen.findByRole('group', { name: 'Card details' });
    expect(group).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(stripeJs.focused).toBe(1);
    expect(stripeJs.created).toEqual([]);

    stripeJs.submitError = null;
    stripeJs.createError = { type: 'card_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(group).toHaveAccessibleDescription('Your card number is invalid.'));
    expect(createCalls(calls)).toEqual([]);
  });

  describe('for a logged-in user with saved cards', () => {
    // Ada's cards: one Stripe keeps, one the test gateway keeps (which Stripe cannot charge).
    const stripeVisa = aSavedCard({ CreditCardId: 21, Last4: '4242', ExpiryMonth: 8, ExpiryYear: 2031, PaymentProvider: 'stripe' });
    const testMastercard = aSavedCard({
      CreditCardId: 22,
      CreditCardTypeId: 2,
      Brand: 'Mastercard',
      Last4: '4444',
      PaymentProvider: 'test',
    });
    const ada = aUser({ CreditCards: [stripeVisa, testMastercard] });

    /** Ada's details come from her account: only the address and the terms are left to fill in. */
    async function completeAsAda() {
      await fillAddress();
      await userEvent.click(screen.getByLabelText(/I agree to the/));
    }

    it('pays with a saved Stripe card by its id alone: no Payment Element, no payment method', async () => {
      const calls = fakeApi({ ...baseRoutes, 'POST /api/Reservation/Create': created });
      const onBooked = vi.fn();
      renderWithProviders(<Harness property={stripeProperty} user={ada} onBooked={onBooked} />);
      const choice = screen.getByRole('group', { name: 'Pay with' });
      expect(
        within(choice)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual(['Visa ending 4242, expires 08/2031', 'A new card']);
      // A new card until the guest chooses: Stripe's element is there.
      expect(within(choice).getByRole('radio', { name: 'A new card' })).toBeChecked();
      await screen.findByTitle('Secure payment input frame');

      await userEvent.click(within(choice).getByRole('radio', { name: 'Visa ending 4242, expires 08/2031' }));
      expect(screen.queryByTitle('Secure payment input frame')).toBeNull();
      expect(screen.queryByLabelText('Save this card for future bookings')).toBeNull();
      await completeAsAda();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalled());
      expect(stripeJs.created).toEqual([]);
      const body = createCalls(calls)[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ PaymentType: 'PayByCard', CardDetails: { CreditCardId: 21 } });
      expect(body.CardDetails).toEqual({ CreditCardId: 21 });
      expect(body).not.toHaveProperty('PaymentMethodId');
    });

    it('sends a new card as the payment method Stripe made, with the wish to save it when ticked', async () => {
      const calls = fakeApi({ ...baseRoutes, 'POST /api/Reservation/Create': created });
      const onBooked = vi.fn();
      renderWithProviders(<Harness property={stripeProperty} user={ada} onBooked={onBooked} />);
      await screen.findByTitle('Secure payment input frame');
      await userEvent.click(screen.getByLabelText('Save this card for future bookings'));
      await completeAsAda();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await waitFor(() => expect(onBooked).toHaveBeenCalled());
      expect(createCalls(calls)[0]?.body).toMatchObject({
        PaymentType: 'PayByCard',
        PaymentMethodId: 'pm_1QxStripeMade',
        CardDetails: { SaveCreditCardToIndividual: true },
      });
    });

    it('offers no card the test gateway keeps at a Stripe property: the new card only, which may be saved', async () => {
      fakeApi(baseRoutes);
      renderWithProviders(<Harness property={stripeProperty} user={aUser({ CreditCards: [testMastercard] })} />);
      await screen.findByTitle('Secure payment input frame');
      expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
      expect(screen.queryByText(/Mastercard ending 4444/)).toBeNull();
      expect(screen.getByLabelText('Save this card for future bookings')).not.toBeChecked();
    });

    it('offers only the test gateway’s cards at a test-gateway property', async () => {
      fakeApi(baseRoutes);
      renderWithProviders(<Harness user={ada} />);
      const choice = await screen.findByRole('group', { name: 'Pay with' });
      expect(
        within(choice)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual(['Mastercard ending 4444, expires 12/2029', 'A new card']);
    });

    it('shows the server’s refusal of a saved card at the choice', async () => {
      const refusal = 'This saved card was not found. Please choose another card or enter its details.';
      fakeApi({
        ...baseRoutes,
        'POST /api/Reservation/Create': respond(400, {
          Code: 'VALIDATION_FAILED',
          Message: 'The request is invalid.',
          ModelState: { 'CardDetails.CreditCardId': [refusal] },
        }),
      });
      renderWithProviders(<Harness property={stripeProperty} user={ada} />);
      await userEvent.click(screen.getByRole('radio', { name: 'Visa ending 4242, expires 08/2031' }));
      await completeAsAda();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
      const saved = screen.getByRole('radio', { name: 'Visa ending 4242, expires 08/2031' });
      await waitFor(() => expect(saved).toHaveAccessibleDescription(refusal));
      expect(saved).toHaveAttribute('aria-invalid', 'true');
    });
  });

  it('keeps the card form of the test gateway for another property', async () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Card details' })).toBeNull();
    expect(stripeJs.loadedFrom).toEqual([]);
  });
});
