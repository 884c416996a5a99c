import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '../test/render';
import { ConfirmEmailPage, ForgotPasswordPage, ResetPasswordPage } from './account-link-pages';

const STRONG = 'correct-horse-9';

describe('Confirm Email (/Account/ConfirmEmail/{propertyCode}?token=)', () => {
  it('confirms the address once with the link’s token and says so', async () => {
    const calls = fakeApi({ 'POST /api/Account/ConfirmEmail': { Success: true, Message: 'Thank you, your email address is confirmed.' } });
    renderWithProviders(<ConfirmEmailPage />, { path: '/Account/ConfirmEmail/TEST?token=tok-123' });

    expect(await screen.findByText('Thank you, your email address is confirmed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/Account/ConfirmEmail').map((call) => call.body)).toEqual([{ Token: 'tok-123' }]);
    expect(screen.getByRole('link', { name: 'Go to booking' })).toHaveAttribute('href', '/Book/TEST');
    expect(document.title).toBe('Confirm Email | Test Hotel');
  });

  it('shows the server’s refusal for a spent or expired link', async () => {
    fakeApi({ 'POST /api/Account/ConfirmEmail': { Success: false, Message: 'This confirmation link is invalid or has expired.' } });
    renderWithProviders(<ConfirmEmailPage />, { path: '/Account/ConfirmEmail/TEST?token=old' });
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeInTheDocument();
  });

  it('calls nothing and says the link is invalid when it has no token', () => {
    const calls = fakeApi({});
    renderWithProviders(<ConfirmEmailPage />, { path: '/Account/ConfirmEmail/TEST' });
    expect(screen.getByText('This link is invalid. Please re check the link is correct and try again.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('Forgot Password (/Account/ForgotPassword/{propertyCode})', () => {
  it('checks the address, asks for a link and shows the answer, which never says whether the account exists', async () => {
    const answer = 'If an account exists for this email address, we have sent it a link to reset the password.';
    const calls = fakeApi({ 'POST /api/Account/RequestPasswordReset': { Success: true, Message: answer } });
    renderWithProviders(<ForgotPasswordPage />, { path: '/Account/ForgotPassword/TEST' });

    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(screen.getByText('A valid email address is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Account/RequestPasswordReset')?.body).toEqual({
      LanguageCode: 'en',
      PropertyId: 7,
      EmailAddress: 'ada@example.com',
    });
  });
});

describe('Reset Password (/Account/ResetPassword/{propertyCode}?token=)', () => {
  async function choose(password: string, confirm: string) {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('refuses passwords that do not match before calling', async () => {
    const calls = fakeApi({});
    renderWithProviders(<ResetPasswordPage />, { path: '/Account/ResetPassword/TEST?token=tok' });
    await choose(STRONG, `${STRONG}x`);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sets the new password with the link’s token and tells the guest to log in with it', async () => {
    const calls = fakeApi({ 'POST /api/Account/PasswordReset': { Success: true, Message: 'Your password has been successfully reset' } });
    renderWithProviders(<ResetPasswordPage />, { path: '/Account/ResetPassword/TEST?token=tok-9' });
    await choose(STRONG, STRONG);

    expect(
      await screen.findByText('Your password has been successfully reset. You can now log in with your new password.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Account/PasswordReset')?.body).toEqual({
      LanguageCode: 'en',
      PropertyId: 7,
      Token: 'tok-9',
      Password: STRONG,
      ConfirmPassword: STRONG,
    });
  });

  it('offers a new link when the server refuses the token', async () => {
    fakeApi({
      'POST /api/Account/PasswordReset': {
        Success: false,
        Message: 'This password reset link is invalid or has expired. Please request a new one.',
      },
    });
    renderWithProviders(<ResetPasswordPage />, { path: '/Account/ResetPassword/TEST?token=spent' });
    await choose(STRONG, STRONG);

    expect(await screen.findByText('This password reset link is invalid or has expired. Please request a new one.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/Account/ForgotPassword/TEST'),
    );
  });

  it('shows no form for a link without a token', () => {
    fakeApi({});
    renderWithProviders(<ResetPasswordPage />, { path: '/Account/ResetPassword/TEST' });
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByText('This link is invalid. Please re check the link is correct and try again.')).toBeInTheDocument();
  });
});
