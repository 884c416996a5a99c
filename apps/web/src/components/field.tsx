/**
 * Labelled form controls: every control has a visible label, its error is tied to it with
 * aria-describedby and aria-invalid, and a hint likewise.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const CONTROL =
  'mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-negative';

interface FieldProps {
  label: ReactNode;
  error?: string | readonly string[] | undefined;
  hint?: ReactNode;
  className?: string;
}

function messages(error: FieldProps['error']): string[] {
  if (error === undefined) return [];
  return typeof error === 'string' ? [error] : [...error];
}

function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? `${id}-hint` : '', hasError ? `${id}-error` : ''].filter(Boolean);
  return ids.length === 0 ? undefined : ids.join(' ');
}

function FieldMessages({ id, hint, errors }: { id: string; hint?: ReactNode; errors: string[] }) {
  return (
    <>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-negative-text">
          {errors.join('. ')}
        </p>
      )}
    </>
  );
}

export function TextField({
  label,
  error,
  hint,
  className = '',
  id: givenId,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  const errors = messages(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        id={id}
        className={CONTROL}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy(id, hint !== undefined, errors.length > 0)}
        {...input}
      />
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

/**
 * A text area; with `showCount` and `maxLength`, a count of the characters used says how many
 * are left, and reaching the limit is announced, so nothing is cut off without a word.
 */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  showCount = false,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { showCount?: boolean }) {
  const id = useId();
  const errors = messages(error);
  const max = input.maxLength;
  const used = typeof input.value === 'string' ? input.value.length : 0;
  const counted = showCount && max !== undefined;
  const ids = [describedBy(id, hint !== undefined, errors.length > 0), counted ? `${id}-count` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={CONTROL}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={ids || undefined}
        {...input}
      />
      {counted && (
        <p id={`${id}-count`} className="mt-1 text-sm text-gray-700" aria-live={used >= max ? 'polite' : 'off'}>
          {used >= max
            ? `You have reached the limit of ${max.toLocaleString('en-GB')} characters.`
            : `${used.toLocaleString('en-GB')} of ${max.toLocaleString('en-GB')} characters used`}
        </p>
      )}
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  const errors = messages(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <select
        id={id}
        className={CONTROL}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy(id, hint !== undefined, errors.length > 0)}
        {...select}
      >
        {children}
      </select>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  className = '',
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const errors = messages(error);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, hint !== undefined, errors.length > 0)}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-gray-900">
          {label}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** A whole number chosen with minus and plus buttons, announced as a spin button. */
export function NumberStepper(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  className?: string;
}) {
  const id = useId();
  const { value, min, max, onChange } = props;
  const stepButton =
    'flex size-11 items-center justify-center rounded-md border border-gray-500 text-xl font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-40';
  return (
    <div className={props.className}>
      <span id={`${id}-label`} className="block text-sm font-semibold text-gray-900">
        {props.label}
      </span>
      <div className="mt-1 flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label={`Fewer ${props.label}`}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          −
        </button>
        <span
          role="spinbutton"
          tabIndex={0}
          aria-labelledby={`${id}-label`}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          className="w-8 text-center text-lg font-semibold tabular-nums"
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowRight') {
              event.preventDefault();
              onChange(Math.min(max, value + 1));
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') {
              event.preventDefault();
              onChange(Math.max(min, value - 1));
            }
          }}
        >
          {value}
        </span>
        <button
          type="button"
          className={stepButton}
          aria-label={`More ${props.label}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
