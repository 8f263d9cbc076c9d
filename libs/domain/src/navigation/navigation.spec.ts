import fc from 'fast-check';
import { accountMenuLinks, linkAttributes, menuTransition, signInLink, type MenuEvent, type MenuState } from './navigation';

describe('the full-screen menu', () => {
  it.each<[MenuState, MenuEvent, MenuState, string]>([
    ['closed', { type: 'OPEN' }, 'opening', 'none'],
    ['opening', { type: 'OPENED' }, 'open', 'none'],
    ['open', { type: 'ESCAPE' }, 'closing', 'none'],
    ['open', { type: 'CLOSE' }, 'closing', 'none'],
    ['opening', { type: 'ESCAPE' }, 'closing', 'none'],
    ['closing', { type: 'CLOSED' }, 'closed', 'none'],
    ['open', { type: 'LINK', current: true, external: false }, 'closing', 'none'],
    ['open', { type: 'LINK', current: false, external: false }, 'closing', 'navigate'],
    ['open', { type: 'LINK', current: false, external: true }, 'open', 'open-in-new-tab'],
    ['closed', { type: 'ESCAPE' }, 'closed', 'none'],
    ['closed', { type: 'CLOSED' }, 'closed', 'none'],
    ['open', { type: 'OPEN' }, 'open', 'none'],
    ['closed', { type: 'OPENED' }, 'closed', 'none'],
    ['closed', { type: 'LINK', current: true, external: false }, 'closed', 'none'],
  ])('%s + %j → %s (%s)', (state, event, next, action) => {
    expect(menuTransition(state, event)).toEqual({ state: next, action });
  });

  it('never leaves its four states and Escape never opens it', () => {
    const events = fc.constantFrom<MenuEvent>(
      { type: 'OPEN' },
      { type: 'OPENED' },
      { type: 'CLOSE' },
      { type: 'CLOSED' },
      { type: 'ESCAPE' },
      { type: 'LINK', current: true, external: false },
      { type: 'LINK', current: false, external: true },
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (sequence) => {
        let state: MenuState = 'closed';
        for (const event of sequence) {
          const next: MenuState = menuTransition(state, event).state;
          if (event.type === 'ESCAPE') expect(['closing', 'closed']).toContain(next);
          state = next;
          expect(['opening', 'open', 'closing', 'closed']).toContain(state);
        }
      }),
    );
  });

  it('opens external links safely', () => {
    expect(linkAttributes(true)).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(linkAttributes(false)).toEqual({});
  });
});

describe('account links', () => {
  it('builds every link from the base address and locale', () => {
    const links = accountMenuLinks('https://store.example.com', 'en-us', '/en-us/checkout/');
    expect(links.map((link) => link.href)).toEqual([
      'https://store.example.com/en-us/account/',
      'https://store.example.com/en-us/account/orders/',
      'https://store.example.com/en-us/account/licences/',
      'https://store.example.com/en-us/account/downloads/',
      'https://store.example.com/en-us/account/details/',
      'https://store.example.com/en-us/help/',
      'https://store.example.com/en-us/sign-out/?redirect=%2Fen-us%2Fcheckout%2F',
    ]);
    expect(accountMenuLinks('/')[0].href).toBe('/en-gb/account/');
  });

  it('sends visitors to sign-in with a way back', () => {
    expect(signInLink('/', 'en-gb', '/en-gb/checkout/')).toBe('/en-gb/sign-in/?redirect=%2Fen-gb%2Fcheckout%2F');
    expect(signInLink('https://s.example/')).toBe('https://s.example/en-gb/sign-in/');
  });
});
