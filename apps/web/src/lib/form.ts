/**
 * The one form approach: values in state, validated on submit by the same zod wire schema the
 * API validates with (plus the domain's configured rules), errors kept per field in the
 * ModelState shape, the first invalid control focused.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { modelStateFromIssues } from '@hotel/domain/model-state';
import type { FieldErrors } from '@hotel/domain/validation';
import { useSessionState, type SessionStorage } from './session-state';

interface SafeParser {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A schema's complaints about a value, per field path. */
export function schemaErrors(schema: SafeParser, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : modelStateFromIssues(result.error.issues);
}

/** Several error sets merged field by field. */
export function mergeErrors(...sets: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const set of sets) {
    for (const [field, messages] of Object.entries(set)) {
      const list = (merged[field] ??= []);
      for (const message of messages) if (!list.includes(message)) list.push(message);
    }
  }
  return merged;
}

/** The first set, plus the fields of later sets it has no message for (one message per problem). */
export function firstErrors(...sets: FieldErrors[]): FieldErrors {
  const chosen: FieldErrors = {};
  for (const set of sets) {
    for (const [field, messages] of Object.entries(set)) {
      if (chosen[field] === undefined && messages.length > 0) chosen[field] = [...messages];
    }
  }
  return chosen;
}

/** True when some field has a message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}

/** Moves focus to the first control marked invalid, after React has rendered the marks. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  window.setTimeout(() => {
    const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, 0);
}

/**
 * Form values and their errors; changing a field clears its messages. With `storage`, what was
 * typed is kept for the session (a reload, Back and Forward give it back).
 */
export function useForm<T extends object>(initial: T | (() => T), storage: SessionStorage<T> | null = null) {
  const [values, setValues] = useSessionState<T>(storage, (saved) => ({
    ...(typeof initial === 'function' ? (initial as () => T)() : initial),
    ...saved,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const setField = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!(String(name) in current)) return current;
        const next = { ...current };
        delete next[String(name)];
        return next;
      });
    },
    [setValues],
  );
  /** What a text field needs of one string value: the value, its change handler and its messages. */
  const bind = <K extends StringKeys<T>>(name: K) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value as T[K]),
    error: errors[name],
  });
  return { values, setValues, setField, errors, setErrors, bind };
}

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * A form's submit: builds the request, checks it against the schema (each field's message
 * shown, the first invalid control focused) and only then sends it, `busy` meanwhile. `send`
 * handles its own answers and failures.
 */
export function useSubmit<Request>(
  form: { setErrors: (errors: FieldErrors) => void },
  schema: SafeParser,
  build: () => Request,
  send: (request: Request) => Promise<void>,
) {
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = build();
    const errors = schemaErrors(schema, request);
    form.setErrors(errors);
    if (hasErrors(errors)) {
      focusFirstInvalid(ref.current);
      return;
    }
    setBusy(true);
    try {
      await send(request);
    } finally {
      setBusy(false);
    }
  };
  return { ref, busy, submit };
}
