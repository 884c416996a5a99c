import { Suspense, useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { Loading } from '../components/loading';
import { ToastProvider } from '../components/toast';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { paths } from '../lib/paths';
import { BookPage } from '../routes/book-page';
import { ErrorPage } from '../routes/error-page';
import { NotFoundContent, NotFoundPage } from '../routes/not-found-page';
import { UnauthorisedPage } from '../routes/unauthorised-page';
import { ErrorBoundary } from './error-boundary';
import { GroupGate } from './group-gate';
import { OfflineBanner } from './offline-banner';
import { PropertyGate } from './property-gate';

// Every page but the first is its own chunk, so the search page ships only what it needs.
const RoomsAndRatesPage = lazyWithReload(() => import('../routes/rooms-and-rates-page').then((m) => ({ default: m.RoomsAndRatesPage })));
const CheckoutPage = lazyWithReload(() => import('../routes/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const StatusPage = lazyWithReload(() => import('../routes/status-page').then((m) => ({ default: m.StatusPage })));
const ConfirmationPage = lazyWithReload(() => import('../routes/confirmation-page').then((m) => ({ default: m.ConfirmationPage })));
const RestaurantPage = lazyWithReload(() => import('../routes/restaurant-page').then((m) => ({ default: m.RestaurantPage })));
const RegisterPage = lazyWithReload(() => import('../routes/register-page').then((m) => ({ default: m.RegisterPage })));
const ConfirmEmailPage = lazyWithReload(() => import('../routes/account-link-pages').then((m) => ({ default: m.ConfirmEmailPage })));
const ForgotPasswordPage = lazyWithReload(() => import('../routes/account-link-pages').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazyWithReload(() => import('../routes/account-link-pages').then((m) => ({ default: m.ResetPasswordPage })));
const ManagePage = lazyWithReload(() => import('../routes/manage-page').then((m) => ({ default: m.ManagePage })));
const ManageReservationPage = lazyWithReload(() =>
  import('../routes/manage-reservation-page').then((m) => ({ default: m.ManageReservationPage })),
);
const PreCheckInPage = lazyWithReload(() => import('../routes/pre-check-in-page').then((m) => ({ default: m.PreCheckInPage })));
const BookGroupPage = lazyWithReload(() => import('../routes/book-group-page').then((m) => ({ default: m.BookGroupPage })));
const ManageAccountPage = lazyWithReload(() => import('../routes/manage-account-page').then((m) => ({ default: m.ManageAccountPage })));

/** The pages of a property outside the booking flow, each framed like the Book pages. */
const propertyPages = [
  ['/Account/Register/:propertyCode', RegisterPage],
  ['/Account/ConfirmEmail/:propertyCode', ConfirmEmailPage],
  ['/Account/ForgotPassword/:propertyCode', ForgotPasswordPage],
  ['/Account/ResetPassword/:propertyCode', ResetPasswordPage],
  ['/ManageAccount/:propertyCode', ManageAccountPage],
  ['/Manage/:propertyCode', ManagePage],
  ['/Manage/:propertyCode/Reservation/:referenceNumber/:code', ManageReservationPage],
  // Without a reference and code the page sends the guest to Manage.
  ['/Manage/:propertyCode/Reservation/*?', ManageReservationPage],
  ['/PreCheckIn/:propertyCode/:referenceNumber/:code', PreCheckInPage],
] as const;

/** Scroll returns to the top on each navigation. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** A token is required, otherwise the base Book page. */
function WithToken({ render }: { render: (token: string) => ReactNode }) {
  const params = useParams<{ propertyCode: string; confirmationToken?: string }>();
  if (!params.confirmationToken) return <Redirect to={paths.book(params.propertyCode)} replace />;
  return <>{render(params.confirmationToken)}</>;
}

function BookRoutes() {
  return (
    <Page>
      <Switch>
        <Route path="/Book/:propertyCode" component={BookPage} />
        <Route path="/Book/:propertyCode/Rooms-And-Rates" component={RoomsAndRatesPage} />
        <Route path="/Book/:propertyCode/Checkout/:confirmationToken?" component={CheckoutPage} />
        <Route path="/Book/:propertyCode/Status/:confirmationToken?">
          <WithToken render={(token) => <StatusPage confirmationToken={token} />} />
        </Route>
        <Route path="/Book/:propertyCode/Confirmation/:confirmationToken?">
          <WithToken render={(token) => <ConfirmationPage confirmationToken={token} />} />
        </Route>
        <Route path="/Book/:propertyCode/Restaurant" component={RestaurantPage} />
        <Route component={NotFoundContent} />
      </Switch>
    </Page>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
        <ToastProvider>
          <OfflineBanner />
          <ScrollToTop />
          <Switch>
            <Route path="/Book/:propertyCode/*?">
              {(params) => (
                <PropertyGate propertyCode={params.propertyCode}>
                  <BookRoutes />
                </PropertyGate>
              )}
            </Route>
            <Route path="/BookGroup/:propertyCode">
              {(params) => (
                <GroupGate propertyCode={params.propertyCode}>
                  <Page>
                    <BookGroupPage />
                  </Page>
                </GroupGate>
              )}
            </Route>
            {propertyPages.map(([path, PropertyPage]) => (
              <Route key={path} path={path}>
                {(params) => (
                  <PropertyGate propertyCode={params.propertyCode}>
                    <Page>
                      <PropertyPage />
                    </Page>
                  </PropertyGate>
                )}
              </Route>
            ))}
            <Route path="/Unauthorised" component={UnauthorisedPage} />
            <Route path="/Error" component={ErrorPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </ToastProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
