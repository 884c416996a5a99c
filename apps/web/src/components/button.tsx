import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'link';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:brightness-110 disabled:opacity-60',
  secondary: 'border border-primary text-link bg-white hover:bg-gray-50 disabled:opacity-60',
  ghost: 'text-gray-900 hover:bg-gray-100',
  link: 'text-link underline underline-offset-2 hover:no-underline px-0 py-0 min-h-0',
};

/** Classes of a button look, for links that look like buttons. */
export function buttonClasses(variant: Variant = 'primary', extra = ''): string {
  const base =
    variant === 'link'
      ? 'inline-flex items-center gap-1 font-medium'
      : 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold transition';
  return `${base} ${VARIANTS[variant]} disabled:cursor-not-allowed ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  busy = false,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return <button type={type} aria-busy={busy || undefined} className={buttonClasses(variant, className)} {...props} />;
}

/** A form's submit button: disabled and busy while the form is sending, with `busyText` then. */
export function SubmitButton({
  busy,
  busyText,
  children,
  disabled = false,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { busy: boolean; busyText: string; variant?: Variant }) {
  return (
    <Button type="submit" disabled={busy || disabled} busy={busy} {...props}>
      {busy ? busyText : children}
    </Button>
  );
}
