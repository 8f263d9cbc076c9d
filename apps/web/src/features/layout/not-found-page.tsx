import { Link } from 'react-router';
import { useLocale } from '../../lib/locale';

export function NotFoundPage() {
  const locale = useLocale();
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link to={`/${locale.urlFriendly}/`}>Go to the store</Link>
      </p>
    </div>
  );
}
