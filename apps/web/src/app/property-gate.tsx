import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '../components/dialog';
import { ToastAnchor } from '../components/toast';
import { Loading } from '../components/loading';
import { ContactDetails } from '../features/contact/contact-details';
import { setSignedInUser } from '../hooks/use-account';
import { DialogsContext } from '../hooks/use-dialogs';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext, usePropertyData } from '../hooks/use-property';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { ApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { resetForProperty, useBookingState } from '../stores/booking-store';
import { ErrorPage } from '../routes/error-page';
import { NotFoundPage } from '../routes/not-found-page';
import { Footer } from './footer';
import { Header } from './header';
import { usePropertyLook } from './use-property-look';

// The login form carries the account schemas (and zod): it loads when the dialog opens.
const LoginForm = lazyWithReload(() => import('../features/account/login-form').then((m) => ({ default: m.LoginForm })));

/**
 * Every page of a property: loads the property and its booking configuration before showing
 * anything, applies its look and tracking, and frames the page with the
 * header, the footer and the login and contact-us dialogs.
 */
export function PropertyGate({ propertyCode, children }: { propertyCode: string; children: ReactNode }) {
  const { property, config, error } = usePropertyData(propertyCode);
  const booking = useBookingState();
  const [dialog, setDialog] = useState<'login' | 'contact' | null>(null);
  const [location] = useLocation();

  useEffect(() => {
    resetForProperty(propertyCode);
  }, [propertyCode]);
  usePropertyLook(property);
  // After a navigation, focus starts at the new page's content, as a page load would.
  const firstLocation = useRef(location);
  useEffect(() => {
    if (firstLocation.current === location) return;
    firstLocation.current = location;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);

  const dialogs = useMemo(() => ({ openLogin: () => setDialog('login'), openContactUs: () => setDialog('contact') }), []);
  const context = useMemo(() => (property && config ? { property, config } : null), [property, config]);

  if (error !== undefined) {
    return error instanceof ApiError && (error.status === 404 || error.status === 400) ? <NotFoundPage /> : <ErrorPage />;
  }
  if (context === null || booking.propertyCode !== propertyCode) {
    return (
      <main className="mx-auto max-w-6xl px-4">
        <Loading label="Loading the hotel…" />
      </main>
    );
  }
  const close = () => setDialog(null);
  return (
    <PropertyContext.Provider value={context}>
      <CurrencyProvider propertyCode={propertyCode} currency={context.property.Currency} available={context.property.AvailableCurrencies}>
        <DialogsContext.Provider value={dialogs}>
          <div className="flex min-h-screen flex-col">
            <Header property={context.property} />
            <ToastAnchor />
            <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
              {children}
            </main>
            <Footer property={context.property} />
          </div>
          <Dialog open={dialog === 'login'} title="Log in" onClose={close}>
            <Suspense fallback={<Loading />}>
              <LoginForm
                propertyId={context.property.PropertyId}
                registerHref={paths.register(propertyCode)}
                forgotPasswordHref={paths.forgotPassword(propertyCode)}
                onNavigate={close}
                onLoggedIn={async (user) => {
                  await setSignedInUser(context.property.PropertyId, user);
                  close();
                }}
              />
            </Suspense>
          </Dialog>
          <Dialog open={dialog === 'contact'} title="Contact Us" onClose={close}>
            <ContactDetails property={context.property} />
          </Dialog>
        </DialogsContext.Provider>
      </CurrencyProvider>
    </PropertyContext.Provider>
  );
}
