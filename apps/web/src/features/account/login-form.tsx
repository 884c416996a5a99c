import { useState } from 'react';
import { Link } from 'wouter';
import { ERROR_MESSAGES, welcomeMessage } from '@hotel/domain/messages';
import { authenticateRequestSchema } from '@hotel/domain/wire/account-requests';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { useToast } from '../../components/toast';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';
import { authenticate, userFromAuthenticate } from './account-api';

/**
 * The login dialog's form: Success false shows the server's Message;
 * a failed call its model state or Message, else the login error; success greets the user. A
 * refusal is told in the form, as the dialog is drawn over the page's notifications.
 */
export function LoginForm(props: {
  propertyId: number;
  onLoggedIn: (user: UserAccount | null) => Promise<void> | void;
  registerHref: string;
  forgotPasswordHref: string;
  /** Called when the user follows a link away from the dialog (register, forgot password). */
  onNavigate?: () => void;
}) {
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ EmailAddress: '', Password: '' });
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values }),
    check: (request) => schemaErrors(authenticateRequestSchema, request),
    send: async (request) => {
      const response = await authenticate(request);
      if (!response.Success) {
        setRefusal(response.Message || ERROR_MESSAGES.loginFailed);
        return;
      }
      const user = userFromAuthenticate(response);
      await props.onLoggedIn(user);
      toast.positive(welcomeMessage(user?.Firstname));
    },
    failure: { message: ERROR_MESSAGES.loginFailed, show: setRefusal },
  });

  return (
    <form
      ref={ref}
      onSubmit={(event) => {
        setRefusal(null);
        void submit(event);
      }}
      noValidate
      className="space-y-4"
    >
      {refusal !== null && (
        <Notice tone="negative" live>
          {refusal}
        </Notice>
      )}
      <TextField label="Email address" type="email" autoComplete="email" {...form.bind('EmailAddress')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.bind('Password')} />
      <SubmitButton className="w-full" busy={busy} busyText="Logging in…">
        Log in
      </SubmitButton>
      <p className="text-sm">
        <Link className="text-link underline" href={props.forgotPasswordHref} onClick={props.onNavigate}>
          Forgot your password?
        </Link>
      </p>
      <p className="text-sm">
        New here?{' '}
        <Link className="text-link underline" href={props.registerHref} onClick={props.onNavigate}>
          Create an account
        </Link>
      </p>
    </form>
  );
}
