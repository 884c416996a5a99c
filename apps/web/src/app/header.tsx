import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { BookingFlowStage } from '@hotel/domain/booking-wizard';
import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { logoDisplayWidth } from '@hotel/domain/theme';
import { SkipLink } from '../components/skip-link';
import { useToast } from '../components/toast';
import { logout } from '../features/account/account-api';
import { CurrencySelector } from '../features/currency/currency-selector';
import { setSignedInUser, useAccount } from '../hooks/use-account';
import { useDialogs } from '../hooks/use-dialogs';
import { paths } from '../lib/paths';
import { useBookingState } from '../stores/booking-store';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';

/** The flow stage a path belongs to. */
export function stageOf(path: string): BookingFlowStage {
  if (/\/Rooms-And-Rates/i.test(path)) return BookingFlowStage.RoomsAndRates;
  if (/\/Checkout/i.test(path)) return BookingFlowStage.Checkout;
  if (/^\/Book\/[^/]+\/?$/i.test(path)) return BookingFlowStage.Search;
  return BookingFlowStage.None;
}

/** The logo's reserved height in CSS pixels (h-20). */
const LOGO_HEIGHT = 80;

/**
 * The property's logo, 300 px wide when wider than 16:9, else 100 px. Its
 * height is reserved before it loads (the tallest a logo is drawn), so the header never grows
 * under the guest's eyes; a logo taller than that is scaled down to fit, never stretched.
 */
function Logo({ property }: { property: Property }) {
  const [width, setWidth] = useState<number>(100);
  if (!property.LogoFileUrl) return null;
  return (
    <img
      src={property.LogoFileUrl}
      alt=""
      style={{ width }}
      height={LOGO_HEIGHT}
      className="h-20 max-w-full object-contain object-left"
      onLoad={(event) => setWidth(logoDisplayWidth(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight))}
    />
  );
}

function Steps({ propertyCode }: { propertyCode: string }) {
  const [location] = useLocation();
  const booking = useBookingState();
  const stage = stageOf(location);
  const steps = [
    { stage: BookingFlowStage.Search, label: 'Your search', href: paths.book(propertyCode), reachable: true },
    {
      stage: BookingFlowStage.RoomsAndRates,
      label: 'Rooms and Rates',
      href: paths.roomsAndRates(propertyCode),
      reachable: booking.search !== null,
    },
    { stage: BookingFlowStage.Checkout, label: 'Checkout', href: paths.checkout(propertyCode), reachable: booking.items.length > 0 },
  ];
  if (stage === BookingFlowStage.None) return null;
  return (
    <nav aria-label="Booking steps" className="border-b border-gray-300 bg-white print:hidden">
      <ol className="mx-auto flex max-w-6xl gap-1 px-4 text-sm sm:gap-4">
        {steps.map((step, index) => {
          const current = step.stage === stage;
          const content = (
            <>
              <span
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  current ? 'bg-primary text-on-primary' : 'border border-gray-500 text-gray-900'
                }`}
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className={current ? 'font-semibold' : ''}>{step.label}</span>
            </>
          );
          const classes = `flex min-h-11 items-center gap-2 border-b-2 py-2 ${current ? 'border-primary' : 'border-transparent'}`;
          return (
            <li key={step.stage} className="min-w-0 flex-1 sm:flex-none">
              {step.reachable && !current ? (
                <Link href={step.href} className={`${classes} hover:underline`}>
                  {content}
                </Link>
              ) : (
                <span className={classes} aria-current={current ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Menu({ property }: { property: Property }) {
  const [open, setOpen] = useState(false);
  const dialogs = useDialogs();
  const toast = useToast();
  const { user } = useAccount(property.PropertyId);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const close = () => setOpen(false);
  const doLogout = async () => {
    close();
    try {
      await logout();
    } catch {
      // The user is cleared whether or not the call succeeds.
    }
    await setSignedInUser(property.PropertyId, null);
    toast.positive(SUCCESS_MESSAGES.loggedOut);
  };

  const item = 'block w-full px-4 py-3 text-left text-gray-900 hover:bg-gray-100';
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-md border border-current px-3 font-semibold"
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-md border border-gray-300 bg-white shadow-lg"
      >
        <ul>
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                close();
                dialogs.openContactUs();
              }}
            >
              Contact Us
            </button>
          </li>
          {user !== null && (
            <li>
              <Link className={item} href={paths.manageAccount(property.PropertyCode)} onClick={close}>
                Manage Account
              </Link>
            </li>
          )}
          <li>
            <Link className={item} href={paths.book(property.PropertyCode)} onClick={close}>
              Make a new Booking
            </Link>
          </li>
          <li>
            <Link className={item} href={paths.manageBooking(property.PropertyCode)} onClick={close}>
              Manage Booking
            </Link>
          </li>
          <li>
            {user === null ? (
              <button
                type="button"
                className={item}
                onClick={() => {
                  close();
                  dialogs.openLogin();
                }}
              >
                Login
              </button>
            ) : (
              <button type="button" className={item} onClick={doLogout}>
                Logout
              </button>
            )}
          </li>
        </ul>
      </div>
    </div>
  );
}

export function Header({ property }: { property: Property }) {
  return (
    <header className="print:hidden">
      <SkipLink />
      <div className="bg-primary text-on-primary">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={property.WebsiteUrl ?? paths.book(property.PropertyCode)} className="flex min-w-0 items-center gap-3">
            <Logo property={property} />
            <span className={`truncate text-lg font-semibold ${property.LogoFileUrl ? 'sr-only sm:not-sr-only' : ''}`}>
              {property.PropertyName}
            </span>
          </a>
          <div className="flex items-center gap-3">
            <CurrencySelector />
            <Menu property={property} />
          </div>
        </div>
      </div>
      <Steps propertyCode={property.PropertyCode} />
    </header>
  );
}
