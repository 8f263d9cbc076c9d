export const ADMIN_HOME = '/admin/orders';

/** Where to go after signing in: a back-office address the operator was sent away from, else the orders. */
export function afterSignIn(next: string | null): string {
  // Only a path of the back office itself: the parameter is in the address, so anyone can write one.
  if (!next || !next.startsWith('/admin/') || next.includes('\\') || next.includes('//')) return ADMIN_HOME;
  return next === '/admin/' ? ADMIN_HOME : next;
}
