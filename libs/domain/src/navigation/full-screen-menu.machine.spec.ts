import fc from 'fast-check';
import { fullScreenMenuReducer, type MenuAction, type MenuEvent, type MenuState } from './full-screen-menu.machine';

const OPEN: MenuEvent = { type: 'OPEN' };
const OPENED: MenuEvent = { type: 'OPENED' };
const CLOSE: MenuEvent = { type: 'CLOSE' };
const CLOSED: MenuEvent = { type: 'CLOSED' };
const ESCAPE: MenuEvent = { type: 'ESCAPE' };
const CURRENT: MenuEvent = { type: 'LINK', current: true, external: false };
const OTHER: MenuEvent = { type: 'LINK', current: false, external: false };
const EXTERNAL: MenuEvent = { type: 'LINK', current: false, external: true };

describe('fullScreenMenuReducer: every state and event', () => {
  it.each<[MenuState, MenuEvent, MenuState, MenuAction]>([
    ['closed', OPEN, 'opening', 'none'],
    ['closed', OPENED, 'closed', 'none'],
    ['closed', CLOSE, 'closed', 'none'],
    ['closed', CLOSED, 'closed', 'none'],
    ['closed', ESCAPE, 'closed', 'none'],
    ['closed', CURRENT, 'closed', 'none'],
    ['closed', OTHER, 'closed', 'navigate'],
    ['closed', EXTERNAL, 'closed', 'open-in-new-tab'],
    ['opening', OPEN, 'opening', 'none'],
    ['opening', OPENED, 'open', 'none'],
    ['opening', CLOSE, 'closing', 'none'],
    ['opening', CLOSED, 'opening', 'none'],
    ['opening', ESCAPE, 'closing', 'none'],
    ['opening', CURRENT, 'closing', 'none'],
    ['opening', OTHER, 'closing', 'navigate'],
    ['opening', EXTERNAL, 'opening', 'open-in-new-tab'],
    ['open', OPEN, 'open', 'none'],
    ['open', OPENED, 'open', 'none'],
    ['open', CLOSE, 'closing', 'none'],
    ['open', CLOSED, 'open', 'none'],
    ['open', ESCAPE, 'closing', 'none'],
    ['open', CURRENT, 'closing', 'none'],
    ['open', OTHER, 'closing', 'navigate'],
    ['open', EXTERNAL, 'open', 'open-in-new-tab'],
    ['closing', OPEN, 'opening', 'none'],
    ['closing', OPENED, 'closing', 'none'],
    ['closing', CLOSE, 'closing', 'none'],
    ['closing', CLOSED, 'closed', 'none'],
    ['closing', ESCAPE, 'closing', 'none'],
    ['closing', CURRENT, 'closing', 'none'],
    ['closing', OTHER, 'closing', 'navigate'],
    ['closing', EXTERNAL, 'closing', 'open-in-new-tab'],
  ])('%s + %j → %s (%s)', (state, event, next, action) => {
    expect(fullScreenMenuReducer(state, event)).toEqual({ state: next, action });
  });

  it('treats an external link to the current page as external', () => {
    expect(fullScreenMenuReducer('open', { type: 'LINK', current: true, external: true })).toEqual({ state: 'open', action: 'open-in-new-tab' });
  });
});

describe('fullScreenMenuReducer: properties', () => {
  const events = fc.constantFrom(OPEN, OPENED, CLOSE, CLOSED, ESCAPE, CURRENT, OTHER, EXTERNAL);

  it('stays in its four states, and after Escape the menu is never shown', () => {
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (sequence) => {
        let state: MenuState = 'closed';
        for (const event of sequence) {
          state = fullScreenMenuReducer(state, event).state;
          expect(['opening', 'open', 'closing', 'closed']).toContain(state);
          if (event.type === 'ESCAPE') expect(['closing', 'closed']).toContain(state);
        }
      }),
    );
  });

  it('ends closed after Escape and the end of the transition, from wherever it was', () => {
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (sequence) => {
        const reached = sequence.reduce<MenuState>((state, event) => fullScreenMenuReducer(state, event).state, 'closed');
        const afterEscape = fullScreenMenuReducer(reached, ESCAPE).state;
        expect(fullScreenMenuReducer(afterEscape, CLOSED).state).toBe('closed');
      }),
    );
  });

  it('navigates only for a link to another page of the store', () => {
    fc.assert(
      fc.property(fc.constantFrom<MenuState>('opening', 'open', 'closing', 'closed'), fc.boolean(), fc.boolean(), (state, current, external) => {
        const { action } = fullScreenMenuReducer(state, { type: 'LINK', current, external });
        expect(action === 'navigate').toBe(!current && !external);
        expect(action === 'open-in-new-tab').toBe(external);
      }),
    );
  });
});
