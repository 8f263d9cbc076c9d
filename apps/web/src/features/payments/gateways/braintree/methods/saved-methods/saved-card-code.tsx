import { cardFieldMessage, ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import type { HostedFields } from 'braintree-web/hosted-fields';
import { useEffect, useState, type ReactNode } from 'react';
import { useAppUi } from '../../../../../../lib/app-ui';
import { PaymentMethodsProblem } from '../../../../components/payment-methods-problem';
import { withLoadLimit } from '../../../../load-limit';
import type { CardGatewayClient } from '../../card-gateway-client';
import { savedCardCode, securityCodeRefusal } from './saved-methods';

/** The field's container: one on the page (the card form's own security code is #card-cvv). */
const CONTAINER = 'saved-card-cvv';
const LABEL = 'Security code';

/** What a field's message says, and whether it is news (the check at the click) or repeats what the refusal's notice already said. */
interface FieldMessage {
  readonly text: string;
  readonly announce: boolean;
}

/** The saved card's security code, asked again when the store's rules want it (`saved_card_cvv_required`). */
export interface SavedCardCodeField {
  /** The field, or nothing when the code is not asked. */
  readonly element: ReactNode;
  /** The field is being made: paying waits for it. */
  readonly pending: boolean;
  /** The field could not be made: paying with this card cannot go on until a retry makes it. */
  readonly failed: boolean;
  /** The code as typed, checked like the card form's (its message shown when missing or wrong); true when it can be tokenized, or when no code is asked. */
  check(): boolean;
  /** The gateway's nonce carrying the code alone; undefined when no code is asked. */
  tokenize(): Promise<string | undefined>;
  /** braintree-web refused the code itself (empty, invalid): the field says why. */
  explain(): void;
  /** A refused order: a wrong or missing code is cleared and the field says so, for the shopper to type it again. */
  afterRefusal(code: number | null): void;
}

/**
 * A form of the gateway's with only its cvv field, made through the gateway client as the card form
 * is, while this saved card is chosen and the store asks for its code; torn down when it is not.
 * Messages as the card form's (spec 2 §5): required or invalid on blur and at the click, cleared on focus.
 */
export function useSavedCardCode(options: { readonly gateway: CardGatewayClient; readonly method: SavedMethodJson; readonly asked: boolean; readonly loadLimitMs: number }): SavedCardCodeField {
  const { gateway, method, asked, loadLimitMs } = options;
  const { notify } = useAppUi();
  const [fields, setFields] = useState<HostedFields | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<FieldMessage | null>(null);
  const code = savedCardCode(method);
  const { length } = code;

  useEffect(() => {
    if (!asked) return;
    let current: HostedFields | null = null;
    let cancelled = false;
    const creating = gateway.securityCodeField(CONTAINER, { length, label: LABEL });
    withLoadLimit(creating, loadLimitMs, 'The security code field')
      .then((created) => {
        if (cancelled) return void gateway.release(created);
        current = created;
        created.on('blur', (state) => {
          const data = state.fields.cvv;
          setMessage(data ? messageOf(cardFieldMessage('cvv', data), true) : null);
        });
        created.on('focus', () => setMessage(null));
        setFields(created);
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
        creating.then((late) => void gateway.release(late)).catch(() => undefined);
      });
    return () => {
      cancelled = true;
      setFields(null);
      if (current) void gateway.release(current);
    };
  }, [gateway, asked, length, loadLimitMs, attempt, notify]);

  const showState = (from: HostedFields): boolean => {
    const data = from.getState().fields.cvv;
    const text = data ? cardFieldMessage('cvv', data) : ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.message;
    setMessage(messageOf(text, true));
    return text === null;
  };

  if (!asked) {
    return { element: null, pending: false, failed: false, check: () => true, tokenize: async () => undefined, explain: () => undefined, afterRefusal: () => undefined };
  }

  const hint = `${CONTAINER}-hint`;
  const error = `${CONTAINER}-error`;
  const element = failed ? (
    <PaymentMethodsProblem
      onRetry={() => {
        setFailed(false);
        setMessage(null);
        setAttempt((current) => current + 1);
      }}
    />
  ) : (
    <div className={['field', 'field--hosted', message ? 'field--invalid' : ''].filter(Boolean).join(' ')} data-field="saved-card-cvv">
      {/* The input lives in the gateway's frame, named there too (internalLabel); this names it for sighted shoppers. */}
      <span className="field__label" id={`${CONTAINER}-label`}>
        {LABEL}
      </span>
      <p className="field__hint" id={hint}>
        {code.hint}
      </p>
      <div id={CONTAINER} className="hosted-field" aria-labelledby={`${CONTAINER}-label`} aria-describedby={message ? `${hint} ${error}` : hint} />
      {message && (
        // A refusal's words are already in the notice that told the shopper: the field repeats them quietly.
        <p className="field__error" id={error} role={message.announce ? 'alert' : undefined}>
          {message.text}
        </p>
      )}
    </div>
  );

  return {
    element,
    pending: !fields && !failed,
    failed,
    check: () => (fields ? showState(fields) : false),
    tokenize: async () => {
      if (!fields) throw new Error('The security code field is not ready.');
      return (await fields.tokenize()).nonce;
    },
    explain: () => {
      if (fields) showState(fields);
    },
    afterRefusal: (refusal) => {
      const text = securityCodeRefusal(refusal);
      if (!text || !fields) return;
      void fields.clear('cvv');
      setMessage(messageOf(text, false));
    },
  };
}

const messageOf = (text: string | null, announce: boolean): FieldMessage | null => (text === null ? null : { text, announce });
