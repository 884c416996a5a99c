/** The account calls: authenticate, log out, register, confirm an address, reset or change a password, update details, the user's bookings. */
import type {
  AuthenticateRequest,
  ChangePasswordRequest,
  PasswordResetRequest,
  RegisterRequest,
  RequestPasswordResetRequest,
  UpdateAccountRequest,
} from '@hotel/domain/wire/account-requests';
import useSWR from 'swr';
import { apiGet, apiPost } from '../../lib/api-client';
import type {
  AccountAnswer as UserAccount,
  AccountReservation,
  ResultAnswer,
  ResultWithAccountAnswer,
} from '@hotel/domain/wire/account-response';

export type AuthenticateResponse = ResultWithAccountAnswer;

export function authenticate(request: AuthenticateRequest): Promise<AuthenticateResponse> {
  return apiPost<AuthenticateResponse>('/Account/Authenticate', request);
}

/** Logs out; the answer is ignored. */
export async function logout(): Promise<void> {
  await apiPost<unknown>('/Account/Logout', {});
}

export type RegisterResponse = ResultAnswer;

export function register(request: RegisterRequest): Promise<RegisterResponse> {
  return apiPost<RegisterResponse>('/Account/Register', request);
}

/** The user fields of an authenticate answer, when it carries them. */
export function userFromAuthenticate(response: AuthenticateResponse): UserAccount | null {
  if (typeof response.EmailAddress !== 'string') return null;
  return {
    Firstname: response.Firstname ?? '',
    Lastname: response.Lastname ?? '',
    Telephone: response.Telephone ?? null,
    EmailAddress: response.EmailAddress,
    ReceiveBrandOffers: response.ReceiveBrandOffers ?? false,
    CanChoosePaymentMethod: response.CanChoosePaymentMethod ?? false,
    EmailConfirmed: response.EmailConfirmed ?? false,
    CreditCards: response.CreditCards ?? [],
    Reservations: response.Reservations ?? [],
  };
}

/** What the confirm and reset calls answer: Success and a Message written for the guest. */
export type AccountResult = ResultAnswer;

/** Confirms the address of the e-mailed link's token (single use). */
export function confirmEmail(token: string): Promise<AccountResult> {
  return apiPost<AccountResult>('/Account/ConfirmEmail', { Token: token });
}

/** E-mails a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(request: RequestPasswordResetRequest): Promise<AccountResult> {
  return apiPost<AccountResult>('/Account/RequestPasswordReset', request);
}

/** Sets a new password with the e-mailed link's token (single use, one hour). */
export function resetPassword(request: PasswordResetRequest): Promise<AccountResult> {
  return apiPost<AccountResult>('/Account/PasswordReset', request);
}

/** Changes the password of the logged-in user; the server ends every other session. */
export function changePassword(request: ChangePasswordRequest): Promise<AccountResult> {
  return apiPost<AccountResult>('/Account/ChangePassword', request);
}

/** Saves the logged-in user's names, telephone and offers choice; answers the account as saved. */
export function updateAccount(request: UpdateAccountRequest): Promise<ResultWithAccountAnswer> {
  return apiPost<ResultWithAccountAnswer>('/Account/Update', request);
}

/** The logged-in user's own bookings, each with its manage-booking code (GET /api/Account/Reservations). */
export function useAccountReservations() {
  return useSWR(['Account/Reservations'] as const, () => apiGet<AccountReservation[]>('/Account/Reservations'), {
    revalidateOnFocus: false,
  });
}
