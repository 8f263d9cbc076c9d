import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// A page's first number formatter loads ICU's data (some 18 ms on a fast machine, whatever the locale
// or currency). Made in a task of its own while the page waits for its data, it is not part of the
// render that shows the basket's prices, which was the checkout's longest task (issue 12).
window.setTimeout(() => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(0));
