/** The full-screen menu (spec 1 §4): opening and closing are states of their own while the transition plays. */
export type MenuState = 'opening' | 'open' | 'closing' | 'closed';

export type MenuEvent =
  | { readonly type: 'OPEN' }
  /** The opening transition has ended. */
  | { readonly type: 'OPENED' }
  | { readonly type: 'CLOSE' }
  /** The closing transition has ended. */
  | { readonly type: 'CLOSED' }
  | { readonly type: 'ESCAPE' }
  | { readonly type: 'LINK'; readonly current: boolean; readonly external: boolean };

/** What the browser does besides showing the new state. */
export type MenuAction = 'none' | 'navigate' | 'open-in-new-tab';

export interface MenuTransition {
  readonly state: MenuState;
  readonly action: MenuAction;
}

const shown = (state: MenuState): boolean => state === 'opening' || state === 'open';
const close = (state: MenuState): MenuState => (shown(state) ? 'closing' : state);

/**
 * The menu as a pure state machine (spec 1 §2): Escape closes it, a link to the current page
 * closes it, other links navigate. Events that mean nothing in a state leave it as it is.
 */
export function fullScreenMenuReducer(state: MenuState, event: MenuEvent): MenuTransition {
  switch (event.type) {
    case 'OPEN':
      return { state: shown(state) ? state : 'opening', action: 'none' };
    case 'OPENED':
      return { state: state === 'opening' ? 'open' : state, action: 'none' };
    case 'CLOSE':
    case 'ESCAPE':
      return { state: close(state), action: 'none' };
    case 'CLOSED':
      return { state: state === 'closing' ? 'closed' : state, action: 'none' };
    case 'LINK':
      // Our choice: an external link opens in a new tab and leaves the menu open for when the shopper comes back.
      if (event.external) return { state, action: 'open-in-new-tab' };
      if (event.current) return { state: close(state), action: 'none' };
      // Our choice: navigating also closes the menu, so the new page is not hidden behind it.
      return { state: close(state), action: 'navigate' };
  }
}
