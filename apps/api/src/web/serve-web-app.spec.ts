import { withNotice } from './serve-web-app';

const PAGE = '<div id="root"><!--store-notice--><section class="cookie-notice" inert="">notice</section><!--/store-notice--></div><script></script>';

describe('withNotice: the cookie notice the build drew into the page', () => {
  it('stays for a shopper who has made no choice', () => {
    expect(withNotice(PAGE, { analytics: null, viewed: false })).toBe(PAGE);
  });

  it('is taken out once the choice is made, whichever it was', () => {
    for (const analytics of [true, false, null]) {
      expect(withNotice(PAGE, { analytics, viewed: true })).toBe('<div id="root"></div><script></script>');
    }
  });

  it('is taken out when the choice is not known here (the app then asks for it)', () => {
    expect(withNotice(PAGE, null)).toBe('<div id="root"></div><script></script>');
  });

  it('leaves a page without the markers as it is', () => {
    expect(withNotice('<div id="root"></div>', { analytics: true, viewed: true })).toBe('<div id="root"></div>');
  });
});
