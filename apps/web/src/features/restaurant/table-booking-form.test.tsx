import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders, respond } from '../../test/render';
import { TableBookingForm } from './table-booking-form';

const setups: Record<string, unknown> = {
  '1': { CurrencySymbol: '£', MinOnlinePartySize: 1, MaxOnlinePartySize: 6, NoAvailabilityText: 'Fully booked, sorry.' },
  '2': { CurrencySymbol: '£', MinOnlinePartySize: 2, MaxOnlinePartySize: 4, NoAvailabilityText: 'The bar is full.' },
};

function routes(create: unknown = { Success: true, BookingReference: 'T-123', InfoMessage: '' }) {
  return {
    'GET /api/RestaurantBooking/Restaurants': [
      { Id: 2, Name: 'The Bar' },
      { Id: 1, Name: 'The Grill' },
    ],
    'GET /api/RestaurantBooking/RestaurantSetup': ({ url }: { url: URL }) => setups[url.searchParams.get('restaurantId') ?? ''],
    'GET /api/RestaurantBooking/Availability': ({ url }: { url: URL }) =>
      url.searchParams.get('restaurantId') === '2'
        ? []
        : [
            {
              Time: '18:00',
              IsLeaveTimeRequired: false,
              LeaveTime: null,
              Promotions: [{ PromotionId: 9, Name: 'Early bird', Description: 'Two courses for £25' }],
            },
            { Time: '20:30', IsLeaveTimeRequired: true, LeaveTime: '21:45', Promotions: [] },
          ],
    'POST /api/RestaurantBooking/Create': create,
    'POST /api/Log': respond(204),
  };
}

/** The form opened from booking R-42's link, which carries the code that proves the guest holds it. */
function renderOpenedFromBooking() {
  renderWithProviders(
    <TableBookingForm
      propertyId={7}
      defaultRestaurant="The Grill"
      today="2030-05-01"
      date="2030-05-01"
      identifier="R-42"
      reservationCode="proof-of-R-42"
    />,
  );
}

describe('TableBookingForm', () => {
  it('picks the default restaurant by name, builds party sizes from its setup and shows times with promotions and leave times', async () => {
    fakeApi(routes());
    renderWithProviders(
      <TableBookingForm propertyId={7} defaultRestaurant="the grill" today="2030-05-01" date="2030-05-01" identifier="" />,
    );
    expect(await screen.findByLabelText('Restaurant')).toHaveValue('1');
    const sizes = await screen.findByLabelText('Party size');
    expect([...sizes.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '1 person',
      '2 people',
      '3 people',
      '4 people',
      '5 people',
      '6 people',
    ]);
    await userEvent.selectOptions(sizes, '5');
    await userEvent.click(await screen.findByText('20:30'));
    expect(screen.getByText(/needed again at 21:45/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('18:00'));
    expect(screen.getByLabelText('Promotion (optional)')).toBeInTheDocument();

    // The Bar takes 2 to 4: a party of 5 falls back to the first size, and no time shows its text.
    await userEvent.selectOptions(screen.getByLabelText('Restaurant'), 'The Bar');
    await waitFor(() => expect(screen.getByLabelText('Party size')).toHaveValue('2'));
    expect(await screen.findByText('The bar is full.')).toBeInTheDocument();
  });

  it('needs the contact details and a time, then shows the booking reference; reset starts again', async () => {
    const calls = fakeApi(routes());
    renderOpenedFromBooking();
    await screen.findByText('18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    expect(screen.getByText('A valid phone number is required')).toBeInTheDocument();
    expect(screen.getByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByText('Visit Time is required')).toBeInTheDocument();
    await userEvent.click(screen.getByText('18:00'));
    await userEvent.selectOptions(screen.getByLabelText('Promotion (optional)'), '9');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Contact number'), '+44 117 900 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    expect(await screen.findByTestId('table-reference')).toHaveTextContent('T-123');
    expect(screen.getAllByText('Table booking created').length).toBeGreaterThan(0);
    expect(calls.find((call) => call.path === '/api/RestaurantBooking/Create')?.body).toMatchObject({
      RestaurantId: 1,
      RestaurantName: 'The Grill',
      VisitDate: '2030-05-01',
      VisitTime: '18:00',
      PartySize: 1,
      IsReservation: true,
      Identifier: 'R-42',
      PromotionId: 9,
      Email: 'ada@example.com',
      ContactNumber: '+44 117 900 0000',
      Code: 'proof-of-R-42',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book another table' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('sends the booking’s proof only with the booking it came with: another identifier typed goes without', async () => {
    const calls = fakeApi(routes());
    renderOpenedFromBooking();
    await userEvent.click(await screen.findByText('18:00'));
    await userEvent.clear(screen.getByLabelText('Name or reservation number'));
    await userEvent.type(screen.getByLabelText('Name or reservation number'), 'R-43');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Contact number'), '+44 117 900 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    await screen.findByTestId('table-reference');
    expect(calls.find((call) => call.path === '/api/RestaurantBooking/Create')?.body).toMatchObject({ Identifier: 'R-43', Code: null });
  });

  it('shows a refusal at the top with its InfoMessage', async () => {
    fakeApi(routes({ Success: false, BookingReference: null, InfoMessage: 'That table has just been taken.' }));
    renderWithProviders(
      <TableBookingForm propertyId={7} defaultRestaurant="The Grill" today="2030-05-01" date="2030-05-01" identifier="Ada" />,
    );
    await userEvent.click(await screen.findByText('18:00'));
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Contact number'), '+44 117 900 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    const toast = await screen.findByText('That table has just been taken.');
    expect(toast.closest('.top-0')).not.toBeNull();
  });

  it('sends a booking whose answer was lost again with its Idempotency-Key, and a new booking with a new one', async () => {
    let answers = 0;
    const calls = fakeApi(
      routes(() => {
        answers += 1;
        // The first send fails on the way (a 503 while the database is away); the resend books.
        return answers === 1
          ? respond(503, { Message: 'The service is temporarily unavailable. Please try again in a moment.', Code: 'DATABASE_UNAVAILABLE' })
          : { Success: true, BookingReference: `T-${answers}`, InfoMessage: '' };
      }),
    );
    renderWithProviders(
      <TableBookingForm propertyId={7} defaultRestaurant="The Grill" today="2030-05-01" date="2030-05-01" identifier="Ada" />,
    );
    await userEvent.click(await screen.findByText('18:00'));
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Contact number'), '+44 117 900 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    await screen.findByText('The service is temporarily unavailable. Please try again in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    expect(await screen.findByTestId('table-reference')).toHaveTextContent('T-2');
    await userEvent.click(screen.getByRole('button', { name: 'Book another table' }));
    await userEvent.click(await screen.findByText('18:00'));
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Contact number'), '+44 117 900 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Book table' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/RestaurantBooking/Create')).toHaveLength(3));
    const [lost, resent, another] = calls
      .filter((call) => call.path === '/api/RestaurantBooking/Create')
      .map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(resent).toBe(lost);
    expect(another).not.toBe(lost);
  });
});
