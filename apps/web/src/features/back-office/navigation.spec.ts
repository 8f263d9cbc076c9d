import { afterSignIn } from './navigation';

describe("the back office's return after sign-in (navigation.ts)", () => {
  it('goes back to the back-office page the operator was sent away from', () => {
    expect(afterSignIn('/admin/orders/AFS-00000012')).toBe('/admin/orders/AFS-00000012');
    expect(afterSignIn('/admin/orders?q=a%40b.com')).toBe('/admin/orders?q=a%40b.com');
  });

  it('goes to the orders for anything else: nothing, the sign-in page, the store, another site', () => {
    for (const next of [null, '', '/admin/', '/en-gb/account/', 'https://evil.example/admin/', '//evil.example/admin/', '/admin//evil.example', '/admin/\\evil.example']) {
      expect(afterSignIn(next)).toBe('/admin/orders');
    }
  });
});
