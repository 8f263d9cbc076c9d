import fc from 'fast-check';
import { accountMenuLinks, DEFAULT_LINK_LOCALE, signInLink } from './account-links';

describe('accountMenuLinks', () => {
  it('builds every link from the base address and locale, in order', () => {
    const links = accountMenuLinks('https://store.example.com', 'en-us');
    expect(links.map((link) => [link.key, link.href])).toEqual([
      ['account', 'https://store.example.com/en-us/account/'],
      ['orders', 'https://store.example.com/en-us/account/orders/'],
      ['licences', 'https://store.example.com/en-us/account/licences/'],
      ['downloads', 'https://store.example.com/en-us/account/downloads/'],
      ['details', 'https://store.example.com/en-us/account/details/'],
      ['help', 'https://store.example.com/en-us/help/'],
      ['sign-out', 'https://store.example.com/en-us/sign-out/'],
    ]);
  });

  it('labels the links', () => {
    expect(accountMenuLinks('/').map((link) => link.label)).toEqual([
      'Account',
      'Order history',
      'Licences and downloads',
      'Downloads and product keys',
      'Account details',
      'Help',
      'Sign out',
    ]);
  });

  it('defaults to en-gb and copes with a trailing slash', () => {
    expect(DEFAULT_LINK_LOCALE).toBe('en-gb');
    expect(accountMenuLinks('/')[0].href).toBe('/en-gb/account/');
    expect(accountMenuLinks('https://s.example/')[1].href).toBe('https://s.example/en-gb/account/orders/');
    expect(accountMenuLinks('')[5].href).toBe('/en-gb/help/');
  });

  it('puts the redirect on sign-out only, encoded', () => {
    const links = accountMenuLinks('https://s.example', 'en-gb', '/en-gb/checkout/?stage=billing&x=1');
    expect(links[6].href).toBe('https://s.example/en-gb/sign-out/?redirect=%2Fen-gb%2Fcheckout%2F%3Fstage%3Dbilling%26x%3D1');
    for (const link of links.slice(0, 6)) expect(link.href).not.toContain('?');
    expect(accountMenuLinks('/', 'en-gb', '')[6].href).toBe('/en-gb/sign-out/');
  });

  it('gives back any redirect unchanged after decoding', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (redirect) => {
        const href = accountMenuLinks('/', 'en-gb', redirect)[6].href;
        const query = href.slice(href.indexOf('?') + 1);
        expect(query.split('&')).toHaveLength(1);
        expect(decodeURIComponent(query.slice('redirect='.length))).toBe(redirect);
      }),
    );
  });
});

describe('signInLink', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    ['/', 'en-gb', '/en-gb/checkout/', '/en-gb/sign-in/?redirect=%2Fen-gb%2Fcheckout%2F'],
    ['https://s.example/', undefined, undefined, 'https://s.example/en-gb/sign-in/'],
    ['https://s.example', 'en-us', undefined, 'https://s.example/en-us/sign-in/'],
  ])('base %s, locale %p, redirect %p → %s', (base, locale, redirect, href) => {
    expect(signInLink(base, locale, redirect)).toBe(href);
  });
});
