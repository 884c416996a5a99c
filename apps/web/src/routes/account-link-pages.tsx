/**
 * The pages the account e-mails and the login dialog link to: Confirm Email,
 * Forgot Password and Reset Password, each under /Account/.../{propertyCode}. The e-mailed
 * token comes in the query (`?token=`).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { PageTitle, Panel } from '../components/layout';
import { confirmEmail, type AccountResult } from '../features/account/account-api';
import { ForgotPasswordForm, ResetPasswordForm } from '../features/account/password-forms';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { errorText } from '../lib/api-client';
import { paths } from '../lib/paths';

function useToken(): string {
  return new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
}

function AccountPage(props: { title: string; children: ReactNode }) {
  const { property } = useProperty();
  useDocumentTitle(props.title, property.PropertyName);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>{props.title}</PageTitle>
      {props.children}
    </div>
  );
}

function BookLink() {
  const { property } = useProperty();
  return (
    <Link className="text-link underline" href={paths.book(property.PropertyCode)}>
      Go to booking
    </Link>
  );
}

/** /Account/ConfirmEmail/{propertyCode}?token=: confirms the address once, on arrival. */
export function ConfirmEmailPage() {
  const token = useToken();
  const [result, setResult] = useState<AccountResult | null>(null);
  // The token is single use: a second call (React's development double effect) would report it spent.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (token === '' || sentFor.current === token) return;
    sentFor.current = token;
    confirmEmail(token).then(setResult, (error: unknown) =>
      setResult({ Success: false, Message: errorText(error, ERROR_MESSAGES.linkInvalid) }),
    );
  }, [token]);

  const shown = token === '' ? { Success: false, Message: ERROR_MESSAGES.linkInvalid } : result;
  return (
    <AccountPage title="Confirm Email">
      {shown === null ? (
        <Loading label="Confirming your email address…" />
      ) : (
        <Notice tone={shown.Success ? 'positive' : 'negative'} live>
          <p>{shown.Message || (shown.Success ? 'Your email address is confirmed.' : ERROR_MESSAGES.linkInvalid)}</p>
        </Notice>
      )}
      {shown !== null && <BookLink />}
    </AccountPage>
  );
}

/** /Account/ForgotPassword/{propertyCode}: e-mails a reset link. */
export function ForgotPasswordPage() {
  const { property } = useProperty();
  const [sent, setSent] = useState<AccountResult | null>(null);
  return (
    <AccountPage title="Forgot Password">
      {sent ? (
        <>
          <Notice tone="positive" live>
            <p>{sent.Message}</p>
          </Notice>
          <BookLink />
        </>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          <Panel padding="roomy">
            <ForgotPasswordForm propertyId={property.PropertyId} onSent={setSent} />
          </Panel>
        </>
      )}
    </AccountPage>
  );
}

/** /Account/ResetPassword/{propertyCode}?token=: sets a new password with the e-mailed token. */
export function ResetPasswordPage() {
  const { property } = useProperty();
  const token = useToken();
  const [result, setResult] = useState<AccountResult | null>(token === '' ? { Success: false, Message: ERROR_MESSAGES.linkInvalid } : null);
  return (
    <AccountPage title="Reset Password">
      {result === null ? (
        <Panel padding="roomy">
          <ResetPasswordForm propertyId={property.PropertyId} token={token} onDone={setResult} />
        </Panel>
      ) : result.Success ? (
        <>
          <Notice tone="positive" live>
            <p>{result.Message || SUCCESS_MESSAGES.passwordReset}. You can now log in with your new password.</p>
          </Notice>
          <BookLink />
        </>
      ) : (
        <>
          <Notice tone="negative" live>
            <p>{result.Message || ERROR_MESSAGES.linkInvalid}</p>
          </Notice>
          <Link className="text-link underline" href={paths.forgotPassword(property.PropertyCode)}>
            Send me a new link
          </Link>
        </>
      )}
    </AccountPage>
  );
}
