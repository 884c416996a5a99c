/**
 * The one way a form works (docs/guest-client.md, "Forms"): values in `useForm`, checked on
 * submit by `useSubmit` with the same zod wire schema the API validates with (plus the domain's
 * configured rules), errors kept per field in the ModelState shape, the first invalid control
 * focused, the submit button busy while the request is out, and a server's ModelState put back
 * on the fields it names as well as told in a notification.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { modelStateFromIssues } from '@hotel/domain/model-state';
import type { FieldErrors } from '@hotel/domain/validation';
import { useToast, type ToastPosition } from '../components/toast';
import { ApiError, errorText } from './api-client';
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

/** The form field a ModelState path names: its last name, without an index ("Rooms[0].Guests[1].Email" -> "Email"). */
export function fieldOfPath(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\d+\]$/, '');
}

/** Errors keyed by ModelState paths, keyed by the fields they name instead. */
export function errorsByField(errors: FieldErrors): FieldErrors {
  return mergeErrors(...Object.entries(errors).map(([path, messages]) => ({ [fieldOfPath(path)]: messages })));
}

/**
 * Moves focus to the first control marked invalid once React has committed the marks: asked for
 * with `focusSoon`, done in the effect after the render that shows them. (A timer raced React's
 * scheduler on a busy machine and sometimes looked before the marks were there.)
 */
function useFocusFirstInvalid(container: { current: HTMLElement | null }) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  return useCallback(() => {
    pending.current = true;
  }, []);
}

/**
 * Form values and their errors; changing a field clears its messages. `initial` is the values,
 * or a function of what was saved; with `storage`, what was typed is kept for the session (a
 * reload, Back and Forward give it back), merged over an `initial` object.
 */
export function useForm<T extends object>(initial: T | ((saved: Partial<T> | undefined) => T), storage: SessionStorage<T> | null = null) {
  const [values, setValues] = useSessionState<T>(storage, (saved) =>
    typeof initial === 'function' ? initial(saved) : { ...initial, ...saved },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Removes the messages of the named fields (the ones a change has made stale). */
  const clearErrors = useCallback((...names: string[]) => {
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);
  const setField = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearErrors(String(name));
    },
    [setValues, clearErrors],
  );
  /** What a text field needs of one string value: the value, its change handler and its messages. */
  const bind = <K extends StringKeys<T>>(name: K) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value as T[K]),
    error: errors[name],
  });
  return { values, setValues, setField, errors, setErrors, clearErrors, bind };
}

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export interface SubmitSpec<Request> {
  /** The request the form's values make. */
  build: () => Request;
  /** Its problems per field: the wire schema's (`schemaErrors`) and the domain's rules; may wait for the schema to load. */
  check: (request: Request) => FieldErrors | Promise<FieldErrors>;
  /** Sends a request that passed; handles the answers it expects and throws a failed call. */
  send: (request: Request) => Promise<void> | void;
  /**
   * What a failed call tells the guest when the server gave no message, and where: a
   * notification, or `show` for a form in a modal dialog, which is drawn over every notification.
   */
  failure?: { message: string; position?: ToastPosition; show?: (text: string) => void };
  /** While true (something of the form is still going on), a submit does nothing. */
  blocked?: boolean;
}

/**
 * A form's submit: builds the request and checks it (each field's message shown, the first
 * invalid control focused), then sends it, `busy` meanwhile; a second submit while busy does
 * nothing. A failed call's ModelState marks the fields it names and the failure is told in a
 * notification (the server's text, else `failure.message`).
 */
export function useSubmit<Request>(form: { setErrors: (errors: FieldErrors) => void }, spec: SubmitSpec<Request>) {
  const ref = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const focusSoon = useFocusFirstInvalid(ref);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || spec.blocked) return;
    const request = spec.build();
    const errors = await spec.check(request);
    if (hasErrors(errors)) focusSoon();
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    sending.current = true;
    setBusy(true);
    try {
      await spec.send(request);
    } catch (error) {
      if (spec.failure === undefined) throw error;
      if (error instanceof ApiError && error.modelState) {
        focusSoon();
        form.setErrors(errorsByField(error.modelState));
      }
      const text = errorText(error, spec.failure.message);
      if (spec.failure.show === undefined) toast.negative(text, spec.failure.position);
      else spec.failure.show(text);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  /** Marks fields the answer of a call the form handled itself names, the first of them focused. */
  const markInvalid = (errors: FieldErrors) => {
    focusSoon();
    form.setErrors(errors);
  };
  return { ref, busy, submit, markInvalid };
}
