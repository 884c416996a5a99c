import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { ReservationItemServicesResponse } from '@hotel/domain/wire/manage-booking-change';
import type {
  PreCheckInGetResponse,
  PreCheckInNotice,
  PreCheckInSaveRequest,
  PreCheckInSaveResponse,
} from '@hotel/domain/wire/pre-check-in';
import { aPreCheckInConfig, aPreCheckInReservation, aProperty } from '../test/builders';
import { fakeApi, renderWithProviders, respond, type ApiRoutes } from '../test/render';
import { PreCheckInPage } from './pre-check-in-page';

// Each page waits on two fake calls in turn; a loaded machine (or CI) may take longer than the default second.
configure({ asyncUtilTimeout: 4000 });

const LINK = '/PreCheckIn/TEST/TEST-1001/link-code-1';

function renderAt(routes: ApiRoutes, property = aProperty()) {
  const calls = fakeApi({
    'GET /api/PreCheckIn/Config/7': aPreCheckInConfig(),
    'GET /api/StaticData/7/countries': [{ CountryId: 1, Name: 'United Kingdom', Code: 'GB', DiallingCode: '+44' }],
    'GET /api/StaticData/7/creditcardtypes': [
      { CreditCardTypeId: 1, Name: 'Visa', Code: 'visa' },
      { CreditCardTypeId: 2, Name: 'Mastercard', Code: 'mastercard' },
    ],
    'POST /api/Log': respond(204),
    ...routes,
  });
  renderWithProviders(
    <Route path="/PreCheckIn/:propertyCode/:referenceNumber/:code">
      <PreCheckInPage />
    </Route>,
    { path: LINK, property },
  );
  return calls;
}

const opened = (answer: PreCheckInGetResponse = aPreCheckInReservation()): ApiRoutes => ({ 'GET /api/PreCheckIn/Get': answer });

const saved: PreCheckInSaveResponse = { Success: true, Message: 'Your pre-check-in is complete.', Payment: { Kind: 'None', Amount: 0 } };

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });

/** The test gateway's card step: a new card typed and kept on file. */
async function keepANewCard() {
  expect(screen.getByText('On file now: Visa ending 1111, expires 12/2030')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
  await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year'), '2032');
  await userEvent.type(screen.getByLabelText('Security code'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Keep this card on file' }));
}

/** From Start to Summary on the booking of the builder: the second guest named, the bed chosen, a card kept on file. */
async function completeEveryStep(extrasStep: () => Promise<void> = async () => {}, cardStep = keepANewCard) {
  await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
  await heading('Booker details');
  const phone = screen.getByLabelText('Telephone');
  await userEvent.clear(phone);
  await userEvent.type(phone, '+447700900123');
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));

  await heading('Room 1: Double Room');
  await userEvent.selectOptions(screen.getByLabelText('Bed configuration'), 'Twin beds');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

  // The booker's guest is in step with the booker, so the loop goes on to the second guest.
  await heading('Room 1: Double Room, guest 2');
  await userEvent.type(screen.getByLabelText('First name'), 'Charles');
  await userEvent.type(screen.getByLabelText('Last name'), 'Babbage');
  await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));

  await heading('Extras');
  expect(screen.getByText('2 × Breakfast: £50.00')).toBeInTheDocument();
  await extrasStep();
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

  await heading('Card on file');
  await cardStep();
  await heading('Summary');
}

describe('Pre Check In (/PreCheckIn/{propertyCode}/{referenceNumber}/{code})', () => {
  it('loads the configuration first, then checks the link with its reference and code', async () => {
    const calls = renderAt(opened());
    await heading('Check in online');
    const paths = calls.map((call) => call.path).filter((path) => path.startsWith('/api/PreCheckIn'));
    expect(paths.slice(0, 2)).toEqual(['/api/PreCheckIn/Config/7', '/api/PreCheckIn/Get']);
    const get = calls.find((call) => call.path === '/api/PreCheckIn/Get');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toEqual({ propertyId: '7', referenceNumber: 'TEST-1001', hash: 'link-code-1' });
    expect(screen.getByRole('heading', { name: 'Pre Check In', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Pre Check In | Test Hotel');
  });

  it('at a Stripe property asks for no card number (it must never reach the API) and saves without one', async () => {
    const bodies: PreCheckInSaveRequest[] = [];
    const stripe = aProperty({
      PaymentProvider: 'stripe',
      PaymentPublicKey: 'pk_test_hotel',
      PaymentScriptUrl: 'https://js.stripe.com/v3/',
    });
    renderAt(
      {
        ...opened(),
        'POST /api/PreCheckIn/Save': ({ body }: { body: unknown }) => {
          bodies.push(body as PreCheckInSaveRequest);
          return saved;
        },
      },
      stripe,
    );
    await completeEveryStep(undefined, async () => {
      expect(screen.getByText('On file now: Visa ending 1111, expires 12/2030')).toBeInTheDocument();
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Security code')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await heading('Pre-check-in complete');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.CardDetails ?? null).toBeNull();
  });

  it('shows a refusing notice with its title and message in a warning, and no steps', async () => {
    const notice: PreCheckInNotice = {
      Success: false,
      Title: 'Booking cancelled',
      Message: 'This booking has been cancelled.',
      Reservation: null,
    };
    renderAt(opened(notice));
    const alert = (await screen.findByText('Booking cancelled')).parentElement as HTMLElement;
    expect(alert).toHaveTextContent('This booking has been cancelled.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.className).toContain('border-warning');
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it.each([
    ['a failed call', respond(404, { Message: 'Not found' })],
    ['an unrecognised reply', { Whatever: true }],
  ])('answers %s with the error heading and the invalid-link text', async (_, answer) => {
    renderAt({ 'GET /api/PreCheckIn/Get': answer });
    const alert = (await screen.findByText('Pre Check In Error')).parentElement as HTMLElement;
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('This link is invalid. Please re check the link is correct and try again.');
    expect(alert.className).toContain('border-negative');
  });

  it('goes through every step to Complete, saving the booker, the guests in step with them, the room and the card', async () => {
    const bodies: PreCheckInSaveRequest[] = [];
    // Once saved, the link answers that pre-check-in is done, with the booking as saved.
    const completed: PreCheckInNotice = {
      Success: true,
      Title: 'Already checked in',
      Message: 'You have checked in online already.',
      Reservation: aPreCheckInReservation({ PreCheckInCompletedAt: '2027-03-01T10:00:00Z' }),
    };
    const calls = renderAt({
      'GET /api/PreCheckIn/Get': () => (bodies.length === 0 ? aPreCheckInReservation() : completed),
      'POST /api/PreCheckIn/Save': ({ body }: { body: unknown }) => {
        bodies.push(body as PreCheckInSaveRequest);
        return saved;
      },
    });
    await completeEveryStep();
    expect(screen.getByText('Card ending 1111')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Special requests (optional)'), 'Late arrival');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await heading('Pre-check-in complete');
    // The link is read again after the save; the guest stays on Complete.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/PreCheckIn/Get')).toHaveLength(2));
    await screen.findByText('Already checked in');
    expect(screen.getByRole('heading', { name: 'Pre-check-in complete' })).toBeInTheDocument();
    expect(screen.getByText(/Charles Babbage/)).toBeInTheDocument();

    expect(bodies).toHaveLength(1);
    const body = bodies[0];
    expect(body).toMatchObject({
      PropertyId: 7,
      ReferenceNumber: 'TEST-1001',
      EntityId: 41,
      Code: 'link-code-1',
      SpecialRequests: 'Late arrival',
    });
    expect(body?.Booker).toMatchObject({ FirstName: 'Ada', LastName: 'Lovelace', Phone: '+447700900123' });
    expect(body?.ReservationItems).toEqual([
      {
        ReservationItemId: 501,
        RoomConfigurationDropdownOptionId: 4,
        Guests: [
          // The booker's guest follows the booker's new phone.
          {
            IndividualId: '0b6f1c2e-8a4d-4c36-9a1e-5d2f7b3c4e01',
            FirstName: 'Ada',
            LastName: 'Lovelace',
            Email: 'ada@example.com',
            Phone: '+447700900123',
          },
          { IndividualId: '0b6f1c2e-8a4d-4c36-9a1e-5d2f7b3c4e02', FirstName: 'Charles', LastName: 'Babbage', Email: null, Phone: null },
        ],
        // The room's extras as they stand: the breakfast booked, nothing added.
        Services: [{ ServiceId: 9, Quantity: 2 }],
      },
    ]);
    // Name and e-mail left blank on the card: the booker's, as at checkout.
    expect(body?.CardDetails).toMatchObject({
      CardNumber: '4111111111111111',
      CreditCardTypeId: 1,
      ExpiryMonth: 12,
      ExpiryYear: 2032,
      SecurityCode: '123',
      NameOnCard: 'Ada Lovelace',
      EmailAddress: 'ada@example.com',
    });
  });

  it('checks the card with checkout’s rules before going on', async () => {
    renderAt(opened());
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await userEvent.selectOptions(await screen.findByLabelText('Bed configuration'), 'Double bed');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('First name'), 'Charles');
    await userEvent.type(screen.getByLabelText('Last name'), 'Babbage');
    await userEvent.click(screen.getByRole('button', { name: 'Save guest' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4111 1111 1111 1112');
    await userEvent.click(screen.getByRole('button', { name: 'Keep this card on file' }));
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/valid card number/i));
    expect(screen.getByRole('heading', { name: 'Card on file' })).toBeInTheDocument();
    // Keeping the card the booking has goes on without one.
    await userEvent.click(screen.getByRole('button', { name: 'Keep the card on file' }));
    await heading('Summary');
    expect(screen.getByText('Visa ending 1111, expires 12/2030')).toBeInTheDocument();
  });

  it.each([
    ['the server’s message', respond(400, { Message: 'The card was declined.' }), 'The card was declined.'],
    ['Failed to save Check In Information', respond(500, {}), 'Failed to save Check In Information'],
  ])('tells a failed save with %s under Pre Check In Error and stays on Summary', async (_, answer, message) => {
    renderAt({ ...opened(), 'POST /api/PreCheckIn/Save': answer });
    await completeEveryStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByText('Pre Check In Error');
    expect(notice.parentElement).toHaveTextContent(message);
    // The bottom notification says it too.
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
  });

  it.each([
    [
      'a 402 (the extras’ charge declined, the details saved)',
      402,
      'Your check-in details have been saved, but the extras were not added: Your card was declined. Please use another card or contact your bank.',
      'PAYMENT_DECLINED',
    ],
    [
      'a 503 (the extras’ charge not answered yet)',
      503,
      'We could not hear back from the card provider, so we do not know yet whether your payment went through. If it did not, nothing is taken.',
      'PAYMENT_UNAVAILABLE',
    ],
  ])('tells %s in the API’s words, never that the details were not saved', async (_, status, message, code) => {
    renderAt({ ...opened(), 'POST /api/PreCheckIn/Save': respond(status, { Message: message, Code: code }) });
    await completeEveryStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = (await screen.findByText('Pre Check In Error')).parentElement as HTMLElement;
    expect(notice).toHaveTextContent(message);
    expect(document.body).not.toHaveTextContent('Failed to save Check In Information');
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
  });

  it('a Save sent again after a 503 carries the same Idempotency-Key: the server settles the same save, charging its extras once', async () => {
    let sent = 0;
    const calls = renderAt({
      ...opened(),
      'POST /api/PreCheckIn/Save': () =>
        sent++ === 0 ? respond(503, { Message: 'Not heard back from the card provider yet.', Code: 'PAYMENT_UNAVAILABLE' }) : saved,
    });
    await completeEveryStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Pre Check In Error');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/PreCheckIn/Save')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.path === '/api/PreCheckIn/Save');
    expect(first!.headers['Idempotency-Key']).toMatch(/\S{8,}/);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
    expect(second!.body).toEqual(first!.body);
  });

  it('opens a completed pre-check-in on the saved details under a positive notice, to change and save again', async () => {
    const reservation = aPreCheckInReservation({ PreCheckInCompletedAt: '2027-03-01T10:00:00Z', SpecialRequests: 'Late arrival' });
    const done = {
      ...reservation,
      ReservationItems: reservation.ReservationItems.map((item) => ({
        ...item,
        RoomConfiguration: 'Twin beds',
        RoomConfigurationDropdownOptionId: 4,
        Guests: item.Guests.map((guest, index) => (index === 1 ? { ...guest, FirstName: 'Charles', LastName: 'Babbage' } : guest)),
      })),
    };
    const notice: PreCheckInNotice = {
      Success: true,
      Title: 'Already checked in',
      Message: 'You have checked in online already.',
      Reservation: done,
    };
    const bodies: PreCheckInSaveRequest[] = [];
    renderAt({
      ...opened(notice),
      'POST /api/PreCheckIn/Save': ({ body }: { body: unknown }) => {
        bodies.push(body as PreCheckInSaveRequest);
        return saved;
      },
    });
    const status = await screen.findByText('Already checked in');
    expect(status.parentElement?.className).toContain('border-positive');
    const summary = await heading('Summary');
    const section = within(summary.closest('section') as HTMLElement);
    expect(section.getByText(/Charles Babbage/)).toBeInTheDocument();
    expect(section.getByText('Bed configuration: Twin beds')).toBeInTheDocument();
    expect(section.getByLabelText('Special requests (optional)')).toHaveValue('Late arrival');
    await userEvent.click(section.getByRole('button', { name: 'Edit booker' }));
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    // The booker leads to the first room; nothing else needs review, so on to Summary.
    await heading('Room 1: Double Room');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Summary');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await heading('Pre-check-in complete');
    expect(bodies[0]?.ReservationItems[0]?.Guests[0]).toMatchObject({ FirstName: 'Augusta' });
    expect(bodies[0]?.CardDetails).toBeNull();
  });

  it('will not save while a guest the property requires named is not', async () => {
    const notice: PreCheckInNotice = {
      Success: true,
      Title: 'Already checked in',
      Message: 'You have checked in online already.',
      Reservation: aPreCheckInReservation({ PreCheckInCompletedAt: '2027-03-01T10:00:00Z' }),
    };
    const calls = renderAt(opened(notice));
    await heading('Summary');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/Some details are still missing/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/PreCheckIn/Save')).toBe(false);
  });

  describe('Extras', () => {
    const offered: ReservationItemServicesResponse = {
      Services: [
        {
          ServiceId: 9,
          ServiceCode: 'BRK',
          ServiceName: 'Breakfast',
          ServiceDescription: 'Full English',
          ChargeType: 'PerDay',
          ChargePerPerson: true,
          Articles: [{ ArticleId: 1, Name: 'Breakfast', Price: 12.5 }],
          AllowEditOnBookingEngine: true,
          Price: 12.5,
          OfferedFrom: null,
          OfferedTo: null,
        },
        {
          ServiceId: 12,
          ServiceCode: 'FIZZ',
          ServiceName: 'Prosecco',
          ServiceDescription: 'A bottle in the room',
          ChargeType: 'PerQuantity',
          ChargePerPerson: false,
          Articles: [{ ArticleId: 2, Name: 'Bottle', Price: 25 }],
          AllowEditOnBookingEngine: true,
          Price: 25,
          OfferedFrom: null,
          OfferedTo: null,
        },
      ],
      // Two bottles left.
      InventoryPerServiceId: { '9': null, '12': 2 },
      Booked: [{ ServiceId: 9, Quantity: 2, TotalCost: 50 }],
    };

    it('adds an extra by keyboard: its price and the new total shown, the booked one kept, the charge on Summary, sent on Save', async () => {
      const bodies: PreCheckInSaveRequest[] = [];
      const calls = renderAt({
        ...opened(),
        'GET /api/Service/GetReservationItemServices': offered,
        'POST /api/PreCheckIn/Save': ({ body }: { body: unknown }) => {
          bodies.push(body as PreCheckInSaveRequest);
          return { ...saved, Payment: { Kind: 'Charge', Amount: 50 } };
        },
      });
      await completeEveryStep(async () => {
        await userEvent.click(screen.getByRole('button', { name: 'Add extras to Room 1: Double Room' }));
        await heading('Extras for Room 1: Double Room');
        // The breakfast booked stays: it cannot be unticked here.
        expect(screen.getByLabelText('Breakfast, £50.00')).toBeDisabled();
        expect(screen.getByLabelText('Breakfast, £50.00')).toBeChecked();
        const bottles = screen.getByRole('spinbutton', { name: 'Prosecco' });
        bottles.focus();
        // Up arrow three times: 2 bottles, no more than the two left.
        await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
        expect(bottles).toHaveAttribute('aria-valuenow', '2');
        // 2 x 25.00 = 50.00
        expect(screen.getByText('2 × Prosecco: £50.00')).toBeInTheDocument();
        await userEvent.click(screen.getByRole('button', { name: 'Done' }));
        await heading('Extras');
        expect(screen.getByText('2 × Prosecco: £50.00')).toBeInTheDocument();
        // Booked 290.00 + 50.00 = 340.00, the 50.00 charged to the card the booking was paid with.
        expect(screen.getByText('Extras added: £50.00.')).toBeInTheDocument();
        expect(screen.getByText('New total: £340.00 (was £290.00).')).toBeInTheDocument();
        expect(screen.getByText('£50.00 will be charged to your card when you save.')).toBeInTheDocument();
      });
      expect(screen.getByText('2 × Prosecco: £50.00')).toBeInTheDocument();
      expect(screen.getByText('£50.00 will be charged to your card when you save.')).toBeInTheDocument();
      const query = calls.find((call) => call.path === '/api/Service/GetReservationItemServices')?.url.searchParams;
      expect(Object.fromEntries(query ?? [])).toEqual({
        propertyId: '7',
        reservationId: '41',
        reservationItemId: '501',
        code: 'link-code-1',
        languageCode: 'en',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await heading('Pre-check-in complete');
      expect(bodies[0]?.ReservationItems[0]?.Services).toEqual([
        { ServiceId: 9, Quantity: 2 },
        { ServiceId: 12, Quantity: 2 },
      ]);
    });

    it('tells a booking not paid by card that the difference is paid at the hotel', async () => {
      renderAt({
        ...opened(aPreCheckInReservation({ Totals: { ...aPreCheckInReservation().Totals, PaidByCard: false } })),
        'GET /api/Service/GetReservationItemServices': offered,
      });
      await completeEveryStep(async () => {
        await userEvent.click(screen.getByRole('button', { name: 'Add extras to Room 1: Double Room' }));
        await userEvent.click(await screen.findByRole('button', { name: 'More Prosecco' }));
        await userEvent.click(screen.getByRole('button', { name: 'Done' }));
        // 290.00 + 1 x 25.00 = 315.00
        expect(await screen.findByText('New total: £315.00 (was £290.00).')).toBeInTheDocument();
      });
      expect(screen.getByText('The difference is paid at the hotel.')).toBeInTheDocument();
    });
  });
});
