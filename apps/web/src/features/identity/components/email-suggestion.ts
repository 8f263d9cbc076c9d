import { run as suggestEmailFix } from '@zootools/email-spell-checker';
import { useEffect, useState } from 'react';

/** Waits 1 second after typing stops before suggesting a correction (spec 1 §9). */
export const EMAIL_SUGGESTION_DEBOUNCE_MS = 1000;

/** A likely correction of a mistyped email domain (gmial.com → gmail.com), or null. */
export function useEmailSuggestion(email: string): string | null {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const fix = email.includes('@') ? suggestEmailFix({ email: email.trim() }) : undefined;
      setSuggestion(fix && fix.full !== email.trim() ? fix.full : null);
    }, EMAIL_SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);
  return suggestion;
}
