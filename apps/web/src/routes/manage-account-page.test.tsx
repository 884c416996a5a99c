import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, stayDatesText, todayIn } from '@hotel/domain/dates';
import { Route, Switch } from 'wouter';
import { fakeApi, renderWithProviders } from '../test/render';
import { aSavedCard, aUser } from '../test/builders';
import type { AccountReservation } from '@hotel/domain/wire/account-response';
import { ManageAccountPage } from './manage-account-page';

const ada = aUser({ CreditCards: [aSavedCard()] });

function renderPage() {
  renderWithProviders(
    <Switch>
      <Route path="/ManageAccount/:propertyCode">
        <ManageAccountPage />
      </Route>
      <Route path="/Book/:propertyCode">The Book page</Route>
    </Switch>,
    { path: '/ManageAccount/TEST' },
  );
}

function loggedIn(routes: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem('hotel:signed-in', '1');
  return fakeApi({ 'GET /api/Account': ada, 'GET /api/Account/Reservations': [], ...routes });
}

afterEach(() => localStorage.clear());

describe('Manage Account (/ManageAccount/{propertyCode})', () => {
  it('sends a visitor who is not logged in to the Book page', async () => {
    fakeApi({});
    renderPage();
    expect(await screen.findByText('The Book page')).toBeInTheDocument();
  });

  it('shows the user’s details, the login address and the saved cards', async () => {
    loggedIn();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Telephone')).toHaveValue('+441234567890');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Visa ending 4242, expires 12/2029')).toBeInTheDocument();
    expect(document.title).toBe('Manage Account | Test Hotel');
  });

  it('lists the user’s bookings, stays to come soonest first, then past ones, each with a link to manage it', async () => {
    const today = todayIn(new Date(), 'Europe/London');
    const booking = (number: string, from: number, nights: number, extra: Partial<AccountReservation> = {}): AccountReservation => ({
      ReservationNumber: number,
      PropertyCode: 'TEST',
      PropertyName: 'Test Hotel',
      DateFrom: addDays(today, from),
      DateTo: addDays(today, from + nights),
      Status: 'Confirmed',
      TotalCost: 240,
      Currency: 'GBP',
      ManageCode: `code-${number}`,
      ManageBookingUrl: `http://localhost:3000/Manage/TEST/Reservation/${number}/code-${number}`,
      ...extra,
    });
    // As the API answers them: newest stay first.
    loggedIn({
      'GET /api/Account/Reservations': [
        booking('R-3', 60, 2),
        booking('R-2', 10, 1, { PropertyCode: 'SEA', PropertyName: 'Sea View', Status: 'Cancelled', TotalCost: 99.5 }),
        booking('R-1', -30, 2),
      ],
    });
    renderPage();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming stays' });
    const soonest = within(upcoming).getAllByRole('listitem');
    expect(soonest.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/Manage/SEA/Reservation/R-2/code-R-2',
      '/Manage/TEST/Reservation/R-3/code-R-3',
    ]);
    expect(soonest[0]).toHaveTextContent('Sea View');
    expect(soonest[0]).toHaveTextContent(stayDatesText(addDays(today, 10), addDays(today, 11)));
    expect(soonest[0]).toHaveTextContent('Reservation number R-2 · Cancelled');
    expect(soonest[0]).toHaveTextContent('£99.50');
    const past = screen.getByRole('region', { name: 'Past stays' });
    expect(within(past).getByRole('link', { name: 'Manage booking R-1' })).toHaveAttribute('href', '/Manage/TEST/Reservation/R-1/code-R-1');
    expect(within(past).getByRole('listitem')).toHaveTextContent('£240.00');
  });

  it('says where the bookings will show when there are none yet', async () => {
    loggedIn();
    renderPage();
    expect(await screen.findByText('No bookings yet. Bookings you make while logged in are listed here.')).toBeInTheDocument();
  });

  it('saves the details and says so', async () => {
    const calls = loggedIn({
      'POST /api/Account/Update': {
        Success: true,
        Message: 'Your details have been saved successfully',
        ...ada,
        Telephone: '+447700900123',
      },
    });
    renderPage();
    const telephone = await screen.findByLabelText('Telephone');
    await userEvent.clear(telephone);
    await userEvent.type(telephone, '+447700900123');
    await userEvent.click(screen.getByLabelText('Send me news and offers'));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Your details have been saved successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Account/Update')?.body).toEqual({
      PropertyId: 7,
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      Telephone: '+447700900123',
      ReceiveBrandOffers: true,
    });
  });

  it('refuses a telephone without its country code before calling', async () => {
    const calls = loggedIn();
    renderPage();
    const telephone = await screen.findByLabelText('Telephone');
    await userEvent.clear(telephone);
    await userEvent.type(telephone, '01234 567890');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByText('A valid phone number is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/Account/Update')).toHaveLength(0);
  });

  it('shows the failure text when the details cannot be saved', async () => {
    loggedIn({ 'POST /api/Account/Update': { Success: false } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Failed to save your details')).toBeInTheDocument();
  });

  it('changes the password with the current one, then clears the fields', async () => {
    const calls = loggedIn({ 'POST /api/Account/ChangePassword': { Success: true, Message: 'Your password has been changed.' } });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'new-password-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-3');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Account/ChangePassword')?.body).toEqual({
      PropertyId: 7,
      CurrentPassword: 'old-password-1',
      Password: 'new-password-2',
      ConfirmPassword: 'new-password-2',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s refusal of a wrong current password', async () => {
    loggedIn({ 'POST /api/Account/ChangePassword': { Success: false, Message: 'The current password is not correct.' } });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong-password-1');
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'new-password-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });
});
