import { SUPPORTED_LOCALES } from '@store/domain';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/get-session';
import { useLocale } from '../../lib/locale';
import { AppUiProvider } from '../../lib/app-ui';
import { ConsentProvider, useConsent, CookieNotice } from '../consent';
import { AccountButton } from './account-button';
import { SiteMenu } from './site-menu';

function StoreFooter({ base }: { readonly base: string }) {
  const { dispatch } = useConsent();
  return (
    <footer className="store-footer">
      <Link to={`${base}help/`}>Help</Link>
      <button type="button" className="button button--link" onClick={() => dispatch({ type: 'OPEN_MANAGE' })}>
        Cookie settings
      </button>
    </footer>
  );
}

export function StoreLayout() {
  const locale = useLocale();
  const { data: session } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const count = session?.basket?.lines.reduce((total, line) => total + line.quantity, 0) ?? 0;
  const base = `/${locale.urlFriendly}/`;

  return (
    <ConsentProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* In the page's flow above the header, so it never covers what the shopper is doing. */}
      <CookieNotice />
      <header className="store-header">
        <Link to={base} className="store-header__brand">
          Affinity Store
        </Link>
        <nav aria-label="Store" className="store-header__nav">
          <label className="store-header__locale">
            <span className="visually-hidden">Region</span>
            <select
              value={locale.urlFriendly}
              onChange={(event) => navigate(pathname.replace(base, `/${event.target.value}/`))}
            >
              {SUPPORTED_LOCALES.map((option) => (
                <option key={option.urlFriendly} value={option.urlFriendly}>
                  {option.regionName}
                </option>
              ))}
            </select>
          </label>
          <Link to={`${base}checkout/`} className="store-header__basket">
            Basket<span className="store-header__count"> ({count})</span>
          </Link>
          <AccountButton customer={session?.customer ?? null} locale={locale.urlFriendly} />
          <SiteMenu
            links={[
              { label: 'Store', href: base },
              { label: 'Basket', href: `${base}checkout/` },
              { label: session?.customer ? 'Your account' : 'Sign in', href: session?.customer ? `${base}account/` : `${base}sign-in/` },
              { label: 'Help', href: `${base}help/` },
              { label: 'Affinity by Serif', href: 'https://affinity.serif.com/', external: true },
            ]}
          />
        </nav>
      </header>
      <AppUiProvider>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </AppUiProvider>
      <StoreFooter base={base} />
    </ConsentProvider>
  );
}
