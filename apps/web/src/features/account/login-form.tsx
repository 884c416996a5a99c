import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ERROR_MESSAGES, welcomeMessage } from '@hotel/domain/messages';
import { authenticateRequestSchema } from '@hotel/domain/wire/account-requests';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorText, LANGUAGE_CODE } from '../../lib/api-client';
import { focusFirstInvalid, hasErrors, schemaErrors, useForm } from '../../lib/form';
import type { UserAccount } from '../../types/api';
import { authenticate, userFromAuthenticate } from './account-api';

/**
 * The login dialog's form (spec sections 4 and 8): Success false shows the server's Message;
 * a failed call its model state or Message, else the login error; success greets the user.
 */
export function LoginForm(props: {
  propertyId: number;
  onLoggedIn: (user: UserAccount | null) => Promise<void> | void;
  registerHref: string;
  onRegister?: () => void;
}) {
  const toast = useToast();
  const form = useForm({ EmailAddress: '', Password: '' });
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = { LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values };
    const errors = schemaErrors(authenticateRequestSchema, request);
    form.setErrors(errors);
    if (hasErrors(errors)) {
      focusFirstInvalid(ref.current);
      return;
    }
    setBusy(true);
    try {
      const response = await authenticate(request);
      if (!response.Success) {
        toast.negative(response.Message || ERROR_MESSAGES.loginFailed);
        return;
      }
      const user = userFromAuthenticate(response);
      await props.onLoggedIn(user);
      toast.positive(welcomeMessage(user?.Firstname));
    } catch (error) {
      toast.negative(errorText(error, ERROR_MESSAGES.loginFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={form.values.EmailAddress}
        onChange={(event) => form.setField('EmailAddress', event.target.value)}
        error={form.errors.EmailAddress}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.Password}
        onChange={(event) => form.setField('Password', event.target.value)}
        error={form.errors.Password}
      />
      <Button type="submit" className="w-full" disabled={busy} busy={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </Button>
      <p className="text-sm">
        New here?{' '}
        <Link className="text-link underline" href={props.registerHref} onClick={props.onRegister}>
          Create an account
        </Link>
      </p>
    </form>
  );
}
