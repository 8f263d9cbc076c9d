import { fullScreenMenuReducer, linkTarget, type MenuEvent, type MenuState } from '@store/domain';
import { FullScreenMenu } from '@store/ui';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface SiteLink {
  readonly label: string;
  readonly href: string;
  readonly external?: boolean;
}

/** The header's Menu button and the full-screen menu it opens (spec 1 §2, §4). */
export function SiteMenu({ links }: { readonly links: readonly SiteLink[] }) {
  const [state, setState] = useState<MenuState>('closed');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const send = useCallback((event: MenuEvent) => setState((current) => fullScreenMenuReducer(current, event).state), []);
  const transitionEnded = useCallback(() => setState((current) => fullScreenMenuReducer(current, { type: current === 'opening' ? 'OPENED' : 'CLOSED' }).state), []);

  return (
    <>
      <button type="button" className="store-header__menu" aria-haspopup="dialog" aria-expanded={state === 'open' || state === 'opening'} onClick={() => send({ type: 'OPEN' })}>
        Menu
      </button>
      <FullScreenMenu state={state} title="Menu" onClose={() => send({ type: 'CLOSE' })} onTransitionEnd={transitionEnded}>
        <ul className="full-screen-menu__links">
          {links.map((link) => {
            const current = !link.external && link.href === pathname;
            return (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={current ? 'page' : undefined}
                  {...linkTarget(Boolean(link.external))}
                  onClick={(event) => {
                    const transition = fullScreenMenuReducer(state, { type: 'LINK', current, external: Boolean(link.external) });
                    if (transition.action === 'open-in-new-tab') return; // the browser opens it, with noopener and noreferrer
                    event.preventDefault();
                    setState(transition.state);
                    if (transition.action === 'navigate') navigate(link.href);
                  }}
                >
                  {link.label}
                  {link.external && <span className="visually-hidden"> (opens in a new tab)</span>}
                </a>
              </li>
            );
          })}
        </ul>
      </FullScreenMenu>
    </>
  );
}
