import constants from 'braintree-web/hosted-fields/shared/constants';
import errors from 'braintree-web/hosted-fields/shared/errors';
import clientErrors from 'braintree-web/client/errors';
import type { CardForm } from './card-form';
import { isFieldKey, type ClientConfiguration, type FieldKey, type FrameError } from './protocol';
import { digitsOf, splitExpirationDate } from './validation';

/** `hostedFields.tokenize(options)`, as far as the frame reads it. */
export interface TokenizeOptions {
  readonly vault?: boolean;
  readonly fieldsToTokenize?: readonly string[];
  readonly cardholderName?: string;
  readonly billingAddress?: Readonly<Record<string, unknown>>;
}

export type TokenizeReply = [FrameError] | [null, Record<string, unknown>];

const withDetails = (template: FrameError, details: Record<string, unknown>): FrameError => ({ type: template.type, code: template.code, message: template.message, details });

function cardData(form: CardForm, keys: readonly FieldKey[], options: TokenizeOptions) {
  const value = (key: FieldKey) => (keys.includes(key) ? form.state(key).value.trim() : '');
  const card: Record<string, unknown> = {};
  if (keys.includes('number')) card.number = digitsOf(value('number'));
  if (keys.includes('expirationDate')) {
    const { month, year } = splitExpirationDate(value('expirationDate'));
    card.expirationMonth = month;
    card.expirationYear = year;
  }
  if (keys.includes('expirationMonth')) card.expirationMonth = value('expirationMonth');
  if (keys.includes('expirationYear')) card.expirationYear = value('expirationYear');
  if (keys.includes('cvv')) card.cvv = value('cvv');
  const cardholderName = keys.includes('cardholderName') ? value('cardholderName') : options.cardholderName;
  if (cardholderName) card.cardholderName = cardholderName;
  // Address fields the merchant passes in join the ones typed into the frames, which win.
  const billingAddress: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(options.billingAddress ?? {})) {
    if (constants.allowedBillingAddressFields.includes(field)) billingAddress[field] = entry;
  }
  if (keys.includes('postalCode')) billingAddress.postalCode = value('postalCode');
  if (Object.keys(billingAddress).length > 0) card.billingAddress = billingAddress;
  card.options = { validate: options.vault === true };
  return card;
}

/** The gateway's answer as braintree-web's frame reports it: two codes get their own errors. */
function tokenizationError(status: number, body: unknown): FrameError {
  const originalError = { type: 'NETWORK', code: 'CLIENT_REQUEST_ERROR', message: 'There was a problem with your request.', details: { httpStatus: status, originalError: body } };
  if (status === 403) return clientErrors.CLIENT_AUTHORIZATION_INSUFFICIENT;
  if (status === 0 || status >= 500) return withDetails(errors.HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR, { originalError });
  const fieldErrors = (body as { fieldErrors?: { fieldErrors?: { code?: string }[] }[] } | null)?.fieldErrors;
  const code = fieldErrors?.[0]?.fieldErrors?.[0]?.code;
  const specific = code ? constants.tokenizationErrorCodes[code] : undefined;
  if (specific) return withDetails(specific, { originalError: body });
  return withDetails(errors.HOSTED_FIELDS_FAILED_TOKENIZATION, { originalError });
}

async function post(client: ClientConfiguration, creditCard: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`${client.gatewayConfiguration.clientApiUrl}/v1/payment_methods/credit_cards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        creditCard,
        _meta: { ...client.analyticsMetadata, source: 'hosted-fields' },
        braintreeLibraryVersion: `braintree/web/${constants.VERSION}`,
        authorizationFingerprint: client.authorizationFingerprint,
      }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * TOKENIZATION_REQUEST: the same checks and errors as braintree-web's own frame (all empty, some
 * invalid with `invalidFieldKeys`), then the client API's credit_cards call from this frame.
 */
export async function tokenize(form: CardForm, client: Promise<ClientConfiguration>, options: TokenizeOptions): Promise<TokenizeReply> {
  const keys = options.fieldsToTokenize ? form.keys.filter((key) => options.fieldsToTokenize?.some((asked) => isFieldKey(asked) && asked === key)) : form.keys;
  if (keys.every((key) => form.state(key).isEmpty)) return [errors.HOSTED_FIELDS_FIELDS_EMPTY];
  const invalidFieldKeys = keys.filter((key) => !form.state(key).isValid);
  if (invalidFieldKeys.length > 0) return [withDetails(errors.HOSTED_FIELDS_FIELDS_INVALID, { invalidFieldKeys })];
  const { status, body } = await post(await client, cardData(form, keys, options));
  const creditCard = (body as { creditCards?: Record<string, unknown>[] } | null)?.creditCards?.[0];
  if (status < 200 || status >= 300 || !creditCard) return [tokenizationError(status, body)];
  const { nonce, details, description, type, binData, authenticationInsight } = creditCard;
  return [null, { nonce, details, description, type, binData, ...(authenticationInsight ? { authenticationInsight } : {}) }];
}
