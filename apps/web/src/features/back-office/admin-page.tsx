import type { OperatorAbility, OperatorJson } from '@store/domain';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useOutletContext } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { isSignInRequired, sessionQuery, SIGNED_OUT } from './api/session';

/** What the layout gives its pages: the signed-in member of staff. */
export const useOperator = () => useOutletContext<OperatorJson>();

export const can = (operator: OperatorJson | null | undefined, ability: OperatorAbility) => Boolean(operator?.abilities.includes(ability));

/**
 * A back-office page: its title names the browser tab, and its heading takes the focus when the
 * page opens, so a screen reader starts at what changed.
 */
export function AdminPage({ title, children, wide = false, back }: { readonly title: string; readonly children: ReactNode; readonly wide?: boolean; readonly back?: { readonly to: string; readonly label: string } }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Affinity Store back office`;
  }, [title]);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={wide ? 'admin-page admin-page--wide' : 'admin-page'}>
      {back && (
        <p className="breadcrumb">
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** The catalogued message of a failed call (the API's own words), or a plain one when none came. */
export const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/**
 * A failed action's message for an alert region, and what the page does about it: an ended staff
 * session sends the page back to sign-in (the layout does that when the session reads as signed out).
 */
export function useFailure() {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => {
      if (isSignInRequired(error)) queryClient.setQueryData(sessionQuery().queryKey, SIGNED_OUT);
      setMessage(messageOf(error));
    },
    [queryClient],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear };
}

/**
 * Where a failure is said: an alert region that is always in the page (so its change is announced),
 * focusable so a failed submit without a field to blame can move the focus to it.
 */
export const AlertRegion = forwardRef<HTMLDivElement, { readonly message: string | null | undefined }>(function AlertRegion({ message }, ref) {
  return (
    <div ref={ref} className="admin-alert" role="alert" aria-atomic="true" tabIndex={-1}>
      {message ? <p className="notice notice--error">{message}</p> : null}
    </div>
  );
});

/** A polite region for what went well (a receipt sent, a key reissued). */
export function StatusRegion({ message }: { readonly message: string | null }) {
  return (
    <div className="admin-status" role="status" aria-atomic="true">
      {message ? <p className="notice notice--success">{message}</p> : null}
    </div>
  );
}

/** A query's failure where its data would be: the catalogued message, in the alert region. */
export function QueryFailure({ error }: { readonly error: unknown }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isSignInRequired(error)) queryClient.setQueryData(sessionQuery().queryKey, SIGNED_OUT);
  }, [error, queryClient]);
  return <AlertRegion message={messageOf(error)} />;
}

/**
 * A table in a box of its own that scrolls sideways on a narrow screen, so the page never does.
 * The box is focusable and named, so a keyboard can scroll it too.
 */
export function TableBox({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="admin-table-box" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
