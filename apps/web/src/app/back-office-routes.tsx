import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/errors';

/**
 * The back office under /admin/: staff pages, in English, with a layout of their own. Every module of
 * it (the layout too) is fetched only when an /admin/ address is opened, so none of it is in the
 * shopper's bundles (apps/web/web-budgets.mjs checks that). The routes live apart from router.tsx
 * because route-preload.mjs reads that file's lazy pages as the store's, to preload on the shopper's
 * addresses; a staff page's chunk has no business in the store's index.html.
 */
const module = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => async () => ({ Component: (await load())[name] });

const layout = () => import('../features/back-office/admin-layout');

export const backOfficeRoutes: RouteObject = {
  path: '/admin',
  lazy: module(layout, 'AdminLayout'),
  errorElement: <RouteErrorScreen />,
  // Nothing is drawn while the back office's first chunk arrives.
  HydrateFallback: () => null,
  children: [
    {
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, lazy: module(() => import('../features/back-office/sign-in-page'), 'SignInPage') },
        { path: 'orders', lazy: module(() => import('../features/back-office/orders-page'), 'OrdersPage') },
        { path: 'orders/:number', lazy: module(() => import('../features/back-office/order-page'), 'OrderPage') },
        { path: 'disputes', lazy: module(() => import('../features/back-office/disputes-pages'), 'DisputesPage') },
        { path: 'disputes/:id', lazy: module(() => import('../features/back-office/disputes-pages'), 'DisputePage') },
        { path: 'attention', lazy: module(() => import('../features/back-office/attention-page'), 'AttentionPage') },
        { path: 'staff', lazy: module(() => import('../features/back-office/staff-page'), 'StaffPage') },
        { path: 'audit', lazy: module(() => import('../features/back-office/audit-page'), 'AuditPage') },
        { path: '*', lazy: module(layout, 'AdminNotFoundPage') },
      ],
    },
  ],
};
