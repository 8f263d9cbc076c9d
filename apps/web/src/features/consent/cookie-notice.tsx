import { Button, Modal } from '@store/ui';
import { useEffect, useId } from 'react';
import { earlyConsent } from './consent-api';
import { useConsent } from './consent-provider';

interface CookieNoticeBarProps {
  readonly onReject?: () => void;
  readonly onAccept?: () => void;
  readonly onManage?: () => void;
  /**
   * Drawn by the build into the page: inert as drawn (without scripts it could do nothing), made live
   * by a script right after it, and its taps answered by the page's own script until the app
   * replaces it (apps/web/consent-head-start.mjs finds it and its buttons by these data attributes).
   */
  readonly drawn?: boolean;
}

/**
 * The notice bar itself, without state: the build also renders it into index.html (apps/web/
 * prerender-notice.mjs), so a first-time visitor's page paints it before any script has run.
 */
export function CookieNoticeBar({ onReject, onAccept, onManage, drawn }: CookieNoticeBarProps) {
  return (
    <section className="cookie-notice" aria-label="Cookies" inert={drawn} data-store-drawn={drawn ? '' : undefined}>
      <p className="cookie-notice__text">
        We use essential cookies to run the store. With your permission we would also like to use analytics cookies to understand how the store
        is used.
      </p>
      <div className="cookie-notice__actions">
        <Button variant="secondary" onClick={onReject} data-consent="reject">
          Reject non-essential
        </Button>
        <Button onClick={onAccept} data-consent="accept">
          Accept all
        </Button>
        <Button variant="link" onClick={onManage} data-consent="manage">
          Manage cookies
        </Button>
      </div>
    </section>
  );
}

/**
 * The cookie notice bar and the manage-cookies modal (spec 1 §4): shown until a choice is made;
 * Reject non-essential, Accept all, Manage cookies; in the modal the analytics switch and Save
 * preference as well.
 */
export function CookieNotice() {
  const { state, dispatch } = useConsent();
  const switchId = useId();
  const noticeVisible = state?.noticeVisible === true;
  useEffect(() => {
    // The app's bar replaced the drawn one: a keyboard user who was on one of its buttons stays on
    // the same button rather than being dropped to the page's start.
    const focused = earlyConsent()?.focus;
    if (!noticeVisible || !focused || (document.activeElement && document.activeElement !== document.body)) return;
    document.querySelector<HTMLElement>(`section.cookie-notice:not([data-store-drawn]) [data-consent="${focused}"]`)?.focus();
  }, [noticeVisible]);
  if (!state) return null;
  return (
    <>
      {state.noticeVisible && (
        <CookieNoticeBar
          onReject={() => dispatch({ type: 'REJECT_NON_ESSENTIAL' })}
          onAccept={() => dispatch({ type: 'ACCEPT_ALL' })}
          onManage={() => dispatch({ type: 'OPEN_MANAGE' })}
        />
      )}
      <Modal open={state.manageOpen} title="Manage cookies" onClose={() => dispatch({ type: 'CLOSE_MANAGE' })}>
        <p>Essential cookies keep your basket and sign-in working; they are always on.</p>
        <div className="cookie-switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={state.analyticsSwitch}
            onChange={(event) => dispatch({ type: 'SET_ANALYTICS', on: event.target.checked })}
          />
          <label htmlFor={switchId}>Analytics cookies</label>
        </div>
        <div className="modal__actions">
          <Button variant="secondary" onClick={() => dispatch({ type: 'REJECT_NON_ESSENTIAL' })}>
            Reject non-essential
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: 'ACCEPT_ALL' })}>
            Accept all
          </Button>
          <Button onClick={() => dispatch({ type: 'SAVE_PREFERENCE' })}>Save preference</Button>
        </div>
      </Modal>
    </>
  );
}
