import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { readJson } from '../client-api/http';
import { cardinalValidationFor, challengeResultOf, type ChallengeAction } from '../client-api/three-d-secure-outcomes';
import type { ChallengeRecord } from '../store';
import { bundlePath } from './bundles';
import { escapeHtml, sandboxPage, sendHtml } from './responses';

export const CHALLENGE_PAGE_PATH = '/__sandbox/3ds/challenge';
export const CHALLENGE_ANSWER_PATH = /^\/__sandbox\/3ds\/challenges\/([A-Za-z0-9_-]+)$/;

const ACTIONS: readonly ChallengeAction[] = ['authenticate', 'fail', 'cancel'];

const CHALLENGE_STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #fff; }
      h1 { font-size: 1.25rem; margin: 0 0 1rem; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1.5rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; cursor: pointer; }
      button[data-action="authenticate"] { background: #1a1a1a; color: #fff; }
      button:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const page = (title: string, body: string) =>
  sandboxPage({
    comment: "Ours, not the provider's: the payment sandbox's stand-in for a card issuer's 3-D Secure challenge\n  page (the ACS page Cardinal would show). The sandbox's Songbird stand-in shows it in a dialog.",
    title,
    style: CHALLENGE_STYLE,
    scripts: [bundlePath('three-d-secure-challenge')],
    body,
  });

function challengeBody(challenge: ChallengeRecord): string {
  const answered = challenge.result !== null;
  return `      <h1>Sandbox 3-D Secure challenge</h1>
      <p>Amount: <strong>${escapeHtml(challenge.amount)}</strong></p>
      <p>This page stands in for the card issuer's check. Choose what the cardholder does.</p>
      ${challenge.succeeds ? '' : '<p>This test card fails authentication whatever you choose.</p>'}
      ${
        answered
          ? '<p role="status">This challenge has already been answered.</p>'
          : `<div class="actions" data-transaction-id="${escapeHtml(challenge.transactionId)}">
        <button type="button" data-action="authenticate" disabled>Complete authentication</button>
        <button type="button" data-action="fail" disabled>Fail authentication</button>
        <button type="button" data-action="cancel" disabled>Cancel</button>
      </div>
      <p role="status" id="challenge-status"></p>`
      }`;
}

/** GET /__sandbox/3ds/challenge?transaction=ID: the page the lookup's acsUrl points at. */
export function sendChallengePage(request: SandboxRequest, response: ServerResponse, context: SandboxContext): void {
  const transactionId = request.url.searchParams.get('transaction') ?? '';
  const challenge = Object.hasOwn(context.store.state.challenges, transactionId) ? context.store.state.challenges[transactionId] : null;
  if (!challenge) {
    sendHtml(response, 404, page('Unknown 3-D Secure challenge', '      <h1>Unknown 3-D Secure challenge</h1>\n      <p>The sandbox has no challenge with this transaction id.</p>'));
    return;
  }
  sendHtml(response, 200, page('Sandbox 3-D Secure challenge', challengeBody(challenge)));
}

/**
 * POST /__sandbox/3ds/challenges/ID {action}: records the cardholder's answer and returns what
 * Songbird would hand braintree-web (`payments.validated` data and its signed JWT).
 */
export function answerChallenge(request: SandboxRequest, response: ServerResponse, context: SandboxContext, transactionId: string): void {
  const reply = (status: number, body: unknown): void => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  };
  const challenge = Object.hasOwn(context.store.state.challenges, transactionId) ? context.store.state.challenges[transactionId] : null;
  const action = readJson(request)?.action;
  if (!challenge) return reply(404, { error: 'Unknown challenge.' });
  if (!ACTIONS.includes(action as ChallengeAction)) return reply(400, { error: `action must be one of ${ACTIONS.join(', ')}.` });
  if (challenge.result !== null) return reply(409, { error: 'This challenge has already been answered.' });
  challenge.result = challengeResultOf(challenge, action as ChallengeAction);
  context.store.save();
  reply(200, cardinalValidationFor(context.store, challenge));
}
