/*
 * Ours: the script of the payment sandbox's 3-D Secure challenge page (a stand-in for the card
 * issuer's page). A button posts the cardholder's answer to the sandbox, which records it and
 * returns Songbird's result and signed JWT; the page passes them to the Songbird stand-in.
 */
import { CHALLENGE_RESULT, type ChallengeResultMessage } from './three-d-secure-message';

/** Only the page that opened the challenge may read its result. */
function parentOrigin(): string | null {
  const asked = new URL(location.href).searchParams.get('parentOrigin') ?? location.ancestorOrigins?.[0] ?? null;
  try {
    return asked && new URL(asked).origin === asked ? asked : null;
  } catch {
    return null;
  }
}

async function answer(transactionId: string, action: string, buttons: HTMLButtonElement[], status: HTMLElement): Promise<void> {
  for (const button of buttons) button.disabled = true;
  status.textContent = 'Sending…';
  const response = await fetch(`/__sandbox/3ds/challenges/${encodeURIComponent(transactionId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action }),
  }).catch(() => null);
  if (!response?.ok) {
    status.textContent = `The sandbox did not take the answer (${response ? `HTTP ${response.status}` : 'no connection'}).`;
    return;
  }
  const { data, jwt } = (await response.json()) as Pick<ChallengeResultMessage, 'data' | 'jwt'>;
  status.textContent = 'Answer sent.';
  const origin = parentOrigin();
  if (origin && window.parent !== window) {
    const message: ChallengeResultMessage = { type: CHALLENGE_RESULT, transactionId, data, jwt };
    window.parent.postMessage(message, origin);
  }
}

const actions = document.querySelector<HTMLElement>('[data-transaction-id]');
const status = document.getElementById('challenge-status');
if (actions?.dataset.transactionId && status) {
  const { transactionId } = actions.dataset;
  const buttons = [...actions.querySelectorAll<HTMLButtonElement>('button[data-action]')];
  for (const button of buttons) {
    button.addEventListener('click', () => void answer(transactionId, button.dataset.action ?? '', buttons, status));
    // The page arrives with its buttons disabled: a click before this script ran would do nothing.
    button.disabled = false;
  }
}
