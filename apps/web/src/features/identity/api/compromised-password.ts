import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { useEffect, useState } from 'react';

/** The popular-password check of spec 1 §7: multipart password and timestamp; code 700001 means refused. */
export async function isPasswordCompromised(password: string): Promise<boolean> {
  if (password === '') return false;
  const form = new FormData();
  form.set('password', password);
  form.set('__timestamp__', String(Date.now()));
  const response = await fetch('/data/compromised-password/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    body: form,
  });
  const answer = (await response.json().catch(() => null)) as { code?: number } | null;
  return answer?.code === 700001;
}

export type PasswordCheck = 'idle' | 'pending' | 'passed' | 'compromised';

/** Checks the password as it is typed (after a short pause), so the answer is ready by submit. */
export function usePasswordCheck(password: string, minimumLength: number): PasswordCheck {
  const [result, setResult] = useState<{ password: string; check: PasswordCheck }>({ password: '', check: 'idle' });
  useEffect(() => {
    if (password.length < minimumLength) return;
    let current = true;
    const timer = setTimeout(() => {
      isPasswordCompromised(password)
        .then((compromised) => current && setResult({ password, check: compromised ? 'compromised' : 'passed' }))
        // A check that cannot run must not block the shopper: the server screens again on submit.
        .catch(() => current && setResult({ password, check: 'passed' }));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, minimumLength]);
  if (password.length < minimumLength) return 'idle';
  return result.password === password ? result.check : 'pending';
}
