import { LiveRegion } from '@store/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { useCatalogue } from '../api/get-catalogue';
import { ProductCard } from './product-card';

export function StorePage() {
  const locale = useLocale();
  const catalogue = useCatalogue(locale.urlFriendly);
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="page">
      <h1>Creative software</h1>
      <p className="page__lead">
        Prices for {locale.regionName}. <Link to={`/${locale.urlFriendly}/checkout/`}>Go to checkout</Link>
      </p>
      <LiveRegion message={announcement} />
      {catalogue.isPending && <p role="status">Loading products…</p>}
      {catalogue.isError && (
        <p role="alert" className="notice notice--error">
          {catalogue.error.message}
        </p>
      )}
      {catalogue.data && (
        <div className="product-list">
          {catalogue.data.suites.map((suite) => (
            <ProductCard
              key={suite.reference}
              suite={suite}
              locale={locale.urlFriendly}
              canonicalLocale={locale.canonical}
              onAdded={setAnnouncement}
            />
          ))}
        </div>
      )}
    </div>
  );
}
