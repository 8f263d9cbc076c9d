import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { api, ApiError } from '../../../lib/api-client';

interface AuthAnswer<T> {
  readonly success: boolean;
  readonly code: number;
  readonly payload?: T;
  readonly message?: string;
  readonly type?: string;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
}

/** The auth service (spec 2 §7): JSON POSTs answering `payload` on success and a problem otherwise. */
async function authCall<T>(path: string, body: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/auth/${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'We could not reach the store. Check your connection and try again.', 0);
  }
  const answer = (await response.json().catch(() => null)) as AuthAnswer<T> | null;
  if (!answer) throw new ApiError(response.status, 'Something went wrong', response.status);
  if (!answer.success || answer.payload === undefined) {
    throw new ApiError(answer.code, answer.message ?? 'Something went wrong', response.status, answer.fields);
  }
  return answer.payload;
}

export interface AccountCredentials {
  readonly username: string;
  readonly password: string;
  readonly otp?: string;
}

export const login = (credentials: AccountCredentials) => authCall<{ token: string }>('login', credentials);
export const openSession = (token: string, redirectTo: string) => api.post<{ redirect_to: string }>('/data/session/', { token, redirect_to: redirectTo });

/** Signs in: the credentials earn a token, the token a session cookie. */
export async function signIn(credentials: AccountCredentials, redirectTo: string): Promise<string> {
  const { token } = await login(credentials);
  return (await openSession(token, redirectTo)).redirect_to;
}

export const startPasswordRecovery = (email: string, locale: string) => authCall<Record<string, never>>('start-password-recovery', { email, locale });
export const verifyRecoveryToken = (email: string, token: string) => authCall<{ valid: true }>('verify-recovery-token', { email, token });
export const completePasswordRecovery = (email: string, token: string, newPassword: string) =>
  authCall<{ email: string }>('complete-password-recovery', { email, token, new_password: newPassword, type: 'reset' });

export const mfaStatus = (credentials: AccountCredentials) => authCall<{ enabled: boolean }>('mfa-status', credentials);
export const mfaEnable = (credentials: AccountCredentials) => authCall<{ secret: string; uri: string }>('mfa-enable', { ...credentials, provider: 'totp' });
export const mfaActivate = (credentials: AccountCredentials, otp: string) =>
  authCall<{ enabled: true; backupCodes: string[] }>('mfa-activate', { username: credentials.username, password: credentials.password, otp });
export const mfaDisable = (credentials: AccountCredentials) => authCall<{ enabled: false }>('mfa-disable', credentials);
export const mfaBackupCodes = (credentials: AccountCredentials) => authCall<{ backupCodes: string[] }>('mfa-generate-backup-codes', credentials);

/** /update-password (spec 2 §7): the current credentials and the new password. */
export const updatePassword = (credentials: AccountCredentials, newPassword: string) =>
  authCall<Record<string, never>>('update-password', {
    username: credentials.username,
    current_password: credentials.password,
    new_password: newPassword,
    ...(credentials.otp ? { otp: credentials.otp } : {}),
  });

/** Proving the account's email address: a mailed link, confirmed by the page it opens (a POST, not the link's GET). */
export const sendEmailVerification = (locale: string) => authCall<{ email_verified: boolean }>('send-email-verification', { locale });
export const confirmEmail = (email: string, token: string) => authCall<{ email_verified: true }>('confirm-email', { email, token });
