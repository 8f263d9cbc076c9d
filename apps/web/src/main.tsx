import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { yieldToMain } from './lib/yield-to-main';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The app starts in pieces, each a task of its own (issue 12: on a phone-speed CPU, evaluating the
 * code, making the router and the first render were one task of some 200 ms that held off input):
 * the modules are evaluated, then the router matches the address, then React renders, as a
 * transition, which React splits into slices of a few milliseconds.
 */
async function start(): Promise<void> {
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void start();

// A page's first number formatter loads ICU's data (some 18 ms on a fast machine, whatever the locale
// or currency). Made in a task of its own while the page waits for its data, it is not part of the
// render that shows the basket's prices, which was the checkout's longest task (issue 12).
window.setTimeout(() => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(0));
