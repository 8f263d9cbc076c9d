/*
 * Ours, not the provider's: the payment sandbox's stand-in for the script of Braintree's payment
 * request frame, which is not published. It speaks braintree-web's payment-request protocol:
 * FRAME_READY (the merchant's page replies with its client's configuration), FRAME_CAN_MAKE_REQUESTS,
 * CAN_MAKE_PAYMENT and PAYMENT_REQUEST_INITIALIZED, each answered `[error]` or `[null, payload]`.
 * The browser's own PaymentRequest does the asking, from inside this frame: basic-card's card is
 * tokenized on the client API; Google Pay's token already holds the gateway's answer, as Google's
 * payment handler asks the gateway named in the request's tokenization parameters.
 */
import Framebus from 'framebus';
import constants from 'braintree-web/payment-request/shared/constants';

const { events } = constants;
/** The module version this frame answers (the provider serves one frame per version). */
const LIBRARY_VERSION = 'braintree/web/3.124.0';

interface ClientConfiguration {
  readonly authorizationFingerprint?: string;
  readonly analyticsMetadata?: Readonly<Record<string, unknown>>;
  readonly gatewayConfiguration: { readonly clientApiUrl: string };
}

interface RequestData {
  readonly supportedPaymentMethods: PaymentMethodData[];
  readonly details: PaymentDetailsInit;
  readonly options?: PaymentOptions;
}

/** What the frame reports of a failure: the name decides the module's error. */
interface FrameError {
  readonly name?: string;
  readonly code?: unknown;
  readonly message?: string;
}

type Reply = (answer: [FrameError] | [null, unknown]) => void;

const asFrameError = (error: unknown): FrameError => {
  const value = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return { name: typeof value.name === 'string' ? value.name : undefined, code: value.code, message: typeof value.message === 'string' ? value.message : undefined };
};

function makeRequest(data: RequestData): PaymentRequest {
  try {
    return new PaymentRequest(data.supportedPaymentMethods, data.details, data.options);
  } catch (error) {
    // The module reads this name as a misconfigured request.
    throw { ...asFrameError(error), name: 'PAYMENT_REQUEST_INITIALIZATION_FAILED' };
  }
}

async function tokenizeCard(client: ClientConfiguration, response: PaymentResponse): Promise<unknown> {
  const details = response.details as { cardNumber?: string; cardholderName?: string; expiryMonth?: string; expiryYear?: string; cardSecurityCode?: string };
  const answer = await fetch(`${client.gatewayConfiguration.clientApiUrl}/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      creditCard: {
        number: details.cardNumber,
        cardholderName: details.cardholderName,
        expirationMonth: details.expiryMonth,
        expirationYear: details.expiryYear,
        cvv: details.cardSecurityCode,
      },
      _meta: { ...client.analyticsMetadata, source: 'payment-request' },
      braintreeLibraryVersion: LIBRARY_VERSION,
      authorizationFingerprint: client.authorizationFingerprint,
    }),
  });
  const body = (await answer.json().catch(() => null)) as { creditCards?: unknown[] } | null;
  if (!answer.ok || !body?.creditCards?.[0]) throw { name: 'BRAINTREE_GATEWAY_CARD_TOKENIZATION_ERROR', message: `The client API answered ${answer.status}.` };
  return body.creditCards[0];
}

function readGooglePayToken(response: PaymentResponse): unknown {
  let parsed: { error?: unknown; androidPayCards?: unknown[] };
  try {
    parsed = JSON.parse((response.details as { paymentMethodToken?: { token?: string } }).paymentMethodToken?.token ?? '');
  } catch (error) {
    throw { name: 'BRAINTREE_GATEWAY_GOOGLE_PAYMENT_PARSING_ERROR', message: asFrameError(error).message };
  }
  if (parsed.error || !parsed.androidPayCards?.[0]) throw { name: 'BRAINTREE_GATEWAY_GOOGLE_PAYMENT_TOKENIZATION_ERROR', message: 'The gateway refused the Google Pay card.' };
  return parsed.androidPayCards[0];
}

function start(channel: string): void {
  const bus = new Framebus({ channel });
  let client: ClientConfiguration | null = null;

  bus.on(events.CAN_MAKE_PAYMENT, (data, reply) => {
    const answer = reply as Reply;
    Promise.resolve()
      .then(() => makeRequest(data as unknown as RequestData).canMakePayment())
      .then((result) => answer([null, result]))
      .catch((error: unknown) => answer([asFrameError(error)]));
  });

  bus.on(events.PAYMENT_REQUEST_INITIALIZED, (data, reply) => {
    const answer = reply as Reply;
    let response: PaymentResponse | null = null;
    Promise.resolve()
      .then(() => makeRequest(data as unknown as RequestData).show())
      .then(async (shown) => {
        response = shown;
        if (!client) throw { name: 'PAYMENT_REQUEST_INITIALIZATION_FAILED', message: 'The frame has no client yet.' };
        if (shown.methodName === 'basic-card') return tokenizeCard(client, shown);
        if (shown.methodName === 'https://google.com/pay') return readGooglePayToken(shown);
        throw { name: 'UNSUPPORTED_METHOD_NAME', message: `${shown.methodName} is not supported.` };
      })
      .then((payload) => {
        const raw = response ? (JSON.parse(JSON.stringify(response)) as { details?: { billingAddress?: unknown; cardholderName?: unknown } }) : {};
        // The card's own details never go back to the merchant's page, only the name and address.
        const kept: Record<string, unknown> = {};
        if (raw.details?.billingAddress) kept.billingAddress = raw.details.billingAddress;
        if (raw.details?.cardholderName) kept.cardholderName = raw.details.cardholderName;
        const tokenized = payload as { details?: Record<string, unknown> };
        answer([null, { ...tokenized, details: { ...tokenized.details, rawPaymentResponse: { ...raw, details: kept } } }]);
        return response?.complete('success');
      })
      .catch((error: unknown) => {
        answer([asFrameError(error)]);
        return response?.complete('fail');
      })
      .catch(() => undefined);
  });

  bus.emit(events.FRAME_READY, (configuration) => {
    client = configuration as unknown as ClientConfiguration;
    bus.emit(events.FRAME_CAN_MAKE_REQUESTS);
  });
}

const channel = location.hash.slice(1);
if (channel) start(channel);
