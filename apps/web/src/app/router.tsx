import { DEFAULT_LOCALE, findLocale } from '@store/domain';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { StorePage } from '../features/catalogue';
import { RouteErrorScreen } from '../features/errors';
import { NotFoundPage, StoreLayout } from '../features/layout';
import { backOfficeRoutes } from './back-office-routes';

/**
 * Every page but the store page is its own chunk, fetched when its route is first matched, so the
 * store page's first load carries only what it shows (the web budgets in apps/web/web-budgets.mjs).
 * That is why the router, the app's composition root, names each page's own module rather than its
 * feature's index: a feature's index gathers what other features use, and loading it would load them.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => async () => ({ Component: (await load())[name] });

/** Nothing is drawn while the first page's chunk arrives, so nothing moves when it does. */
function PageLoading() {
  return null;
}

/** Pages live under /{locale}/; an unknown locale is replaced by the default, keeping the rest of the address. */
function LocaleGuard() {
  const { locale } = useParams();
  const { pathname, search, hash } = useLocation();
  const known = findLocale(locale);
  useEffect(() => {
    if (known) document.documentElement.lang = known.canonical;
  }, [known]);
  if (!known) {
    const rest = pathname.split('/').slice(2).join('/');
    return <Navigate to={`/${DEFAULT_LOCALE.urlFriendly}/${rest}${search}${hash}`} replace />;
  }
  if (locale !== known.urlFriendly) {
    return <Navigate to={pathname.replace(`/${locale}`, `/${known.urlFriendly}`) + search + hash} replace />;
  }
  return <Outlet />;
}

/** The store's pages, under its layout. */
const pages: RouteObject[] = [
  { index: true, element: <StorePage /> },
  { path: 'checkout', lazy: page(() => import('../features/checkout/components/checkout-page'), 'CheckoutPage') },
  // The provider's local payment pages send the shopper back here (spec 3 §2's return parameters).
  { path: 'checkout/local-payment', lazy: page(() => import('../features/payments/gateways/braintree/local-payment-return-page'), 'LocalPaymentReturnPage') },
  { path: 'sign-in', lazy: page(() => import('../features/identity/components/sign-in-page'), 'SignInPage') },
  { path: 'reset-password', lazy: page(() => import('../features/identity/components/reset-password-page'), 'ResetPasswordPage') },
  { path: 'verify-email', lazy: page(() => import('../features/identity/components/verify-email-page'), 'VerifyEmailPage') },
  { path: 'account', lazy: page(() => import('../features/account/account-pages'), 'AccountHomePage') },
  { path: 'account/orders', lazy: page(() => import('../features/account/account-orders-pages'), 'OrdersPage') },
  { path: 'account/licences', lazy: page(() => import('../features/account/account-orders-pages'), 'LicencesPage') },
  { path: 'account/downloads', lazy: page(() => import('../features/account/account-orders-pages'), 'DownloadsPage') },
  { path: 'account/details', lazy: page(() => import('../features/account/account-details-page'), 'AccountDetailsPage') },
  { path: 'account/security', lazy: page(() => import('../features/identity/components/account-security-page'), 'AccountSecurityPage') },
  { path: 'order/:number', lazy: page(() => import('../features/orders/order-confirmation-page'), 'OrderConfirmationPage') },
  { path: 'help', lazy: page(() => import('../features/account/help-page'), 'HelpPage') },
  { path: 'sign-out', lazy: page(() => import('../features/account/sign-out-page'), 'SignOutPage') },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The store's routes, for the browser router that main.tsx makes. A page that fails to render shows
 * the store's error screen (the generic message and its code), never the router's developer screen.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${DEFAULT_LOCALE.urlFriendly}/`} replace /> },
  // The back office (staff pages, no locale), before /:locale would take 'admin' for one.
  backOfficeRoutes,
  {
    path: '/:locale',
    element: <LocaleGuard />,
    // The layout itself failing: the error screen without the header it would have sat under.
    errorElement: <RouteErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      {
        element: <StoreLayout />,
        // A page failing: the error screen inside the layout, so the header and menu still work.
        children: [{ errorElement: <RouteErrorScreen />, children: pages }],
      },
    ],
  },
];

/**
 * The browser router, made when the app starts rather than when this module is evaluated: matching the
 * first address and ranking the routes is a task's worth of work on a phone (issue 12), kept apart from
 * evaluating the app's code.
 */
export const createAppRouter = () => createBrowserRouter(routes);
