import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, respond } from '../../test/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

async function logIn(email = 'ada@example.com', password = 'secret') {
  await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

/** The refusal the login form tells inside itself: the dialog it sits in is drawn over every notification. */
async function refusalInForm() {
  const form = screen.getByRole('button', { name: 'Log in' }).closest('form')!;
  return within(form).findByRole('alert');
}

/** The login form as the login dialog shows it, for property 7 (TEST). */
function renderLoginForm(onLoggedIn = vi.fn()) {
  return renderWithProviders(
    <LoginForm
      propertyId={7}
      registerHref="/Account/Register/TEST"
      forgotPasswordHref="/Account/ForgotPassword/TEST"
      onLoggedIn={onLoggedIn}
    />,
  );
}

describe('LoginForm', () => {
  it('checks the fields with their messages before calling', async () => {
    const calls = fakeApi({});
    renderLoginForm();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/Account'))).toHaveLength(0);
  });

  it('greets the user by first name on success', async () => {
    const calls = fakeApi({
      'POST /api/Account/Authenticate': {
        Success: true,
        Message: 'Welcome',
        Firstname: 'Ada',
        Lastname: 'Lovelace',
        EmailAddress: 'ada@example.com',
        CanChoosePaymentMethod: true,
        CreditCards: [],
      },
    });
    const onLoggedIn = vi.fn();
    renderLoginForm(onLoggedIn);
    await logIn();
    expect(await screen.findByText('Welcome back Ada')).toBeInTheDocument();
    expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ Firstname: 'Ada', CanChoosePaymentMethod: true }));
    expect(calls.find((call) => call.path === '/api/Account/Authenticate')?.body).toEqual({
      LanguageCode: 'en',
      PropertyId: 7,
      EmailAddress: 'ada@example.com',
      Password: 'secret',
    });
  });

  it('links to Forgot Password and to Create Account', () => {
    fakeApi({});
    renderLoginForm();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/Account/ForgotPassword/TEST');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/Account/Register/TEST');
  });

  it('shows the server message in the form when the login is refused, and takes it away on the next try', async () => {
    fakeApi({ 'POST /api/Account/Authenticate': { Success: false, Message: 'Your account is locked' } });
    const onLoggedIn = vi.fn();
    renderLoginForm(onLoggedIn);
    await logIn();
    expect(await refusalInForm()).toHaveTextContent('Your account is locked');
    expect(document.querySelector('[data-toast]')).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.queryByText('Your account is locked')).toBeNull();
  });

  it('falls back to the login error text when the call fails without a message', async () => {
    fakeApi({ 'POST /api/Account/Authenticate': respond(500, {}), 'POST /api/Log': respond(204) });
    renderLoginForm();
    await logIn();
    expect(await refusalInForm()).toHaveTextContent('Failed to login, please check your email address and password');
  });

  it('joins the server model state into one text', async () => {
    fakeApi({
      'POST /api/Account/Authenticate': respond(400, {
        Message: 'The request is invalid.',
        ModelState: { EmailAddress: ['A valid email address is required'], Password: ['Password is required'] },
      }),
      'POST /api/Log': respond(204),
    });
    renderLoginForm();
    await logIn('ada@example.com', 'x');
    expect(await refusalInForm()).toHaveTextContent('A valid email address is required; Password is required');
  });

  it('marks the fields the server model state names, and focuses the first', async () => {
    fakeApi({
      'POST /api/Account/Authenticate': respond(400, {
        Message: 'The request is invalid.',
        ModelState: { EmailAddress: ['A valid email address is required'] },
      }),
      'POST /api/Log': respond(204),
    });
    renderLoginForm();
    await logIn('ada@example.com', 'x');
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('A valid email address is required');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('sends once however often it is submitted while the answer is awaited', async () => {
    let answer: (value: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(url);
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    renderLoginForm();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    const button = screen.getByRole('button', { name: 'Logging in…' });
    expect(button).toBeDisabled();
    // Enter does not submit past a disabled button, but a script or a second form event could.
    fireEvent.submit(button.closest('form')!);
    answer(
      new Response(JSON.stringify({ Success: false, Message: 'Your account is locked' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Your account is locked')).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('/Account/Authenticate'))).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});

/** Fills the Register form with a valid new account and submits it. */
async function registerAda() {
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Mobile number'), '+44 7700 900000');
  await userEvent.type(screen.getByLabelText('Password'), 'analytical-engine');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'analytical-engine');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterForm', () => {
  it('applies the password rule and the confirm field', async () => {
    fakeApi({});
    renderWithProviders(<RegisterForm propertyId={7} onRegistered={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Password'), 'alllettersonly');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    await userEvent.type(screen.getByLabelText('Mobile number'), '07700 900000');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      screen.getByText(/Password must be at least 10 characters long and contain at least one non-alphanumeric character/),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('A valid phone number is required')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });

  it('registers and tells the user to confirm the e-mail', async () => {
    const calls = fakeApi({ 'POST /api/Account/Register': { Success: true, Message: 'ok' } });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm propertyId={7} onRegistered={onRegistered} />);
    await registerAda();
    expect(await screen.findByText('User registration successful, check your email to confirm')).toBeInTheDocument();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/Account/Register')?.body).not.toHaveProperty('ConfirmPassword');
  });

  it('shows the register error when it fails', async () => {
    fakeApi({ 'POST /api/Account/Register': respond(500, {}), 'POST /api/Log': respond(204) });
    renderWithProviders(<RegisterForm propertyId={7} onRegistered={vi.fn()} />);
    await registerAda();
    expect(await screen.findByText('Failed to register User')).toBeInTheDocument();
  });
});
