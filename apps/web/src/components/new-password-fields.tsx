import { PASSWORD_MIN_LENGTH } from '@hotel/domain/validation';
import { TextField } from './field';

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one that is not a letter or a digit.`;

/** What a text field takes of a form value (`useForm`'s `bind`). */
interface Bound {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: readonly string[] | undefined;
}

/**
 * A password being chosen, typed twice, with the password rule as its hint: "Password" and
 * "Confirm password", or with `replacing` "New password" and "Confirm new password".
 */
export function NewPasswordFields(props: { password: Bound; confirm: Bound; replacing?: boolean }) {
  const word = props.replacing ? 'new password' : 'password';
  return (
    <>
      <TextField
        label={props.replacing ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        {...props.password}
      />
      <TextField label={`Confirm ${word}`} type="password" autoComplete="new-password" {...props.confirm} />
    </>
  );
}
