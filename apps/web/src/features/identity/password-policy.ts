import { PASSWORD_MIN, passwordRulesFor, type Rule, type SessionJson } from '@store/domain';
import { useSession } from '../../lib/get-session';

/** The store's password minimum as the session gives it (PASSWORD_MIN_LENGTH), the spec's six until it has come. */
export function passwordMinLengthOf(session: Pick<SessionJson, 'password_min_length'> | null | undefined): number {
  const given = session?.password_min_length;
  return typeof given === 'number' && Number.isInteger(given) && given >= PASSWORD_MIN ? given : PASSWORD_MIN;
}

/** The hint under a new-password field: the spec's words at six, the number otherwise. */
export function passwordHint(minimum: number): string {
  return `At least ${minimum === PASSWORD_MIN ? 'six' : minimum} characters. Popular passwords are not allowed.`;
}

/** The minimum and rules of a new password, as the server will check it. */
export function usePasswordPolicy(): { readonly minimum: number; readonly rules: readonly Rule[] } {
  const { data } = useSession();
  const minimum = passwordMinLengthOf(data);
  return { minimum, rules: passwordRulesFor(minimum) };
}
