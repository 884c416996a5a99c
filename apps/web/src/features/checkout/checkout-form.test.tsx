import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentType } from '@hotel/domain/checkout';
import { buildItem } from '../../stores/booking-item';
import { NO_GIFT_VOUCHER, type BookingItem, type GiftVoucher } from '../../stores/booking-store';
import { aBookConfig, aProperty, aRate, aSearchRoomType } from '../../test/builders';
import { fakeApi, renderWithProviders, respond, type ApiRoutes } from '../../test/render';
import type { BookConfig } from '../../types/api';
import { CheckoutForm } from './checkout-form';

function anItem(canPayByCompanyInvoice = true): BookingItem {
  const item = buildItem({
    criteria: {
      propertyId: 7,
      propertyCode: 'TEST',
      dateFrom: '2030-05-01',
      dateTo: '2030-05-03',
      rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      promoCode: '',
      ratePlanCode: '',
      locationId: null,
    },
    roomIndex: 0,
    entry: aSearchRoomType(),
    rate: aRate({ CanPayByCompanyInvoice: canPayByCompanyInvoice }),
    hasSelectableServices: false,
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

function Harness(props: { items?: BookingItem[]; config?: BookConfig; onBooked?: () => void }) {
  const [paymentType, setPaymentType] = useState<PaymentType>(PaymentType.PayByCard);
  const [voucher, setVoucher] = useState<GiftVoucher>(NO_GIFT_VOUCHER);
  return (
    <CheckoutForm
      property={aProperty()}
      config={props.config ?? aBookConfig()}
      user={null}
      items={props.items ?? [anItem()]}
      promoCode=""
      paymentType={paymentType}
      giftVoucher={voucher}
      today="2030-04-01"
      onPaymentType={setPaymentType}
      onGiftVoucher={setVoucher}
      onContactUs={() => undefined}
      onBooked={props.onBooked ?? (() => undefined)}
    />
  );
}

async function fillBooker() {
  await userEvent.type(screen.getByLabelText('First name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
  await userEvent.type(screen.getByLabelText('Email address'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Telephone'), '+44 117 900 0000');
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

describe('CheckoutForm', () => {
  it('shows the spec messages for every missing detail and books nothing', async () => {
    const calls = fakeApi(baseRoutes);
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'A valid email address is required',
      'A valid phone number is required',
      'Street is required',
      'Country is required',
      'Post Code is required',
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

  it('shows a failed booking at the bottom and retries with the same key', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/Create': respond(409, { Message: 'Your combination of rooms is not available', Code: 'ROOM_SOLD_OUT' }),
    });
    renderWithProviders(<Harness />);
    await fillBooker();
    await fillCard();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const toast = await screen.findByText('Your combination of rooms is not available');
    expect(toast.closest('.bottom-0')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/Reservation/Create')).toHaveLength(2));
    const [first, second] = calls.filter((call) => call.path === '/api/Reservation/Create');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('offers Pay by Invoice only when every rate allows a company invoice', () => {
    fakeApi(baseRoutes);
    renderWithProviders(<Harness items={[anItem(true), { ...anItem(false), roomNumber: 2 }]} />);
    expect(screen.queryByLabelText('Pay by Invoice')).not.toBeInTheDocument();
  });

  it('pays by company invoice with a company found by search, a PO number and the custom terms', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /api/Company/SearchCompanies': ({ url }: { url: URL }) =>
        url.searchParams.get('query') === 'Ac' ? [{ AccountId: 'ACME', Name: 'Acme Ltd' }] : [],
      'POST /api/Reservation/Create': { Success: true, ConfirmationToken: 't'.repeat(30), ReservationNumber: 'R2', ChallengeUrl: null },
    });
    const onBooked = vi.fn();
    renderWithProviders(<Harness onBooked={onBooked} />);
    expect(screen.queryByText('Invoices are due in 30 days.')).not.toBeInTheDocument();
    await fillBooker();
    await userEvent.click(screen.getByLabelText('Pay by Invoice'));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByText('Invoices are due in 30 days.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company'), 'Ac');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme Ltd' }, { timeout: 2000 }));
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(screen.getByText('PO Number is required')).toBeInTheDocument();
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

  it('applies a valid gift voucher and reports an invalid one', async () => {
    fakeApi({
      ...baseRoutes,
      'POST /api/Reservation/CheckVoucherCode': ({ body }: { body: unknown }) =>
        (body as { VoucherCode: string }).VoucherCode === 'GOOD'
          ? { IsValid: true, TotalDiscount: 25, Message: '£25.00 off your booking', ShowExperienceWarningMessage: false }
          : { IsValid: false, TotalDiscount: 0, Message: 'This gift voucher code is not recognised.', ShowExperienceWarningMessage: false },
    });
    renderWithProviders(<Harness />);
    const voucher = screen.getByLabelText(/Gift voucher code/);
    await userEvent.type(voucher, 'BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply voucher' }));
    expect(await screen.findByText('This gift voucher code is not recognised.')).toBeInTheDocument();
    await userEvent.clear(voucher);
    await userEvent.type(voucher, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply voucher' }));
    expect(await screen.findByTestId('voucher-message')).toHaveTextContent('£25.00 off your booking');
    expect(
      within(screen.getByRole('region', { name: 'Gift voucher' })).getByRole('button', { name: 'Remove voucher' }),
    ).toBeInTheDocument();
  });
});
