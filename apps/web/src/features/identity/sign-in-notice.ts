const KEY = 'afs_sign_in_notice';

/** A message for the next sign-in page this tab shows (e.g. after a password change ended the session). */
export function leaveSignInNotice(message: string): void {
  sessionStorage.setItem(KEY, message);
}

/** The waiting message, if any (read freely: rendering may happen twice). */
export function peekSignInNotice(): string | null {
  return sessionStorage.getItem(KEY);
}

/** Forgets the message once the sign-in page has shown it. */
export function clearSignInNotice(): void {
  sessionStorage.removeItem(KEY);
}
