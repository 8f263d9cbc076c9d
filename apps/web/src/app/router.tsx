import { DEFAULT_LOCALE, findLocale } from '@store/domain';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { StorePage } from '../features/catalogue/components/store-page';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { AccountSecurityPage } from '../features/identity/components/account-security-page';
import { ResetPasswordPage } from '../features/identity/components/reset-password-page';
import { SignInPage } from '../features/identity/components/sign-in-page';
import { AccountDetailsPage } from '../features/account/account-details-page';
import { AccountHomePage } from '../features/account/account-pages';
import { DownloadsPage, LicencesPage, OrdersPage } from '../features/orders/account-orders-pages';
import { OrderConfirmationPage } from '../features/orders/order-confirmation-page';
import { HelpPage } from '../features/account/help-page';
import { SignOutPage } from '../features/account/sign-out-page';
import { NotFoundPage } from '../features/layout/not-found-page';
import { StoreLayout } from '../features/layout/store-layout';

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

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to={`/${DEFAULT_LOCALE.urlFriendly}/`} replace /> },
  {
    path: '/:locale',
    element: <LocaleGuard />,
    children: [
      {
        element: <StoreLayout />,
        children: [
          { index: true, element: <StorePage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'sign-in', element: <SignInPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'account', element: <AccountHomePage /> },
          { path: 'account/orders', element: <OrdersPage /> },
          { path: 'account/licences', element: <LicencesPage /> },
          { path: 'account/downloads', element: <DownloadsPage /> },
          { path: 'account/details', element: <AccountDetailsPage /> },
          { path: 'account/security', element: <AccountSecurityPage /> },
          { path: 'order/:number', element: <OrderConfirmationPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'sign-out', element: <SignOutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
