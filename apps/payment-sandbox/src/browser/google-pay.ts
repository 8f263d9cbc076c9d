/*
 * Ours, not Google's: the payment sandbox's stand-in for Google Pay's pay.js
 * (https://pay.google.com/gp/p/js/pay.js), version 2 of the API only. google.payments.api.PaymentsClient
 * answers isReadyToPay, makes a button named "Google Pay", and loadPaymentData shows an in-page sheet
 * (where Google shows its own) with "Pay" and "Cancel". Pay asks the sandbox to tokenize the card as
 * Google asks the gateway named in the request, and resolves with paymentData whose
 * tokenizationData.token braintree-web's googlePayment.parseResponse reads. Cancel rejects with
 * statusCode CANCELED, as Google does.
 */
import { openSheet } from './wallet-sheet';

type Json = Record<string, unknown>;

interface PaymentMethod {
  readonly type?: string;
  readonly parameters?: { readonly allowedCardNetworks?: readonly string[]; readonly billingAddressRequired?: boolean; readonly billingAddressParameters?: { readonly format?: string } };
  readonly tokenizationSpecification?: { readonly type?: string; readonly parameters?: Json };
}

interface PaymentDataRequest {
  readonly apiVersion?: number;
  readonly apiVersionMinor?: number;
  readonly allowedPaymentMethods?: readonly PaymentMethod[];
  readonly transactionInfo?: { readonly totalPrice?: string; readonly totalPriceStatus?: string; readonly currencyCode?: string };
  readonly merchantInfo?: { readonly merchantName?: string };
  readonly emailRequired?: boolean;
  readonly shippingAddressRequired?: boolean;
  readonly callbackIntents?: readonly string[];
  readonly existingPaymentMethodRequired?: boolean;
}

interface ClientOptions {
  readonly environment?: 'TEST' | 'PRODUCTION';
  readonly merchantInfo?: { readonly merchantName?: string };
  readonly paymentDataCallbacks?: { readonly onPaymentAuthorized?: (paymentData: Json) => Promise<{ transactionState?: string; error?: { message?: string } }> };
}

const tokenizeUrl = `${new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin}/__sandbox/google-pay/tokenize`;

/** The card the sandbox's Google account holds for each network (the gateway's documented test numbers). */
const CARDS: Readonly<Record<string, { name: string; last4: string }>> = {
  VISA: { name: 'Visa', last4: '1111' },
  MASTERCARD: { name: 'Mastercard', last4: '4444' },
  AMEX: { name: 'Amex', last4: '0005' },
  DISCOVER: { name: 'Discover', last4: '1117' },
};

const SANDBOX_ADDRESS = { name: 'Sandbox Buyer', address1: '1 Sandbox Street', locality: 'London', administrativeArea: '', postalCode: 'SW1A 1AA', countryCode: 'GB' };

const developerError = (statusMessage: string) => ({ statusCode: 'DEVELOPER_ERROR', statusMessage });

function cardMethod(request: PaymentDataRequest): PaymentMethod | null {
  if (request.apiVersion !== 2) return null;
  return request.allowedPaymentMethods?.find((method) => method.type === 'CARD') ?? null;
}

/** The first network the request allows that the sandbox's Google account has a card for. */
function networkFor(method: PaymentMethod): string | null {
  const allowed = method.parameters?.allowedCardNetworks ?? [];
  return Object.keys(CARDS).find((network) => allowed.includes(network)) ?? null;
}

function checkRequest(request: PaymentDataRequest): { method: PaymentMethod; network: string } | { error: ReturnType<typeof developerError> } {
  const method = cardMethod(request);
  if (!method) return { error: developerError('Ours: the sandbox Google Pay takes apiVersion 2 requests with a CARD payment method.') };
  if (method.tokenizationSpecification?.type !== 'PAYMENT_GATEWAY') return { error: developerError('tokenizationSpecification.type must be PAYMENT_GATEWAY.') };
  const network = networkFor(method);
  if (!network) return { error: developerError('allowedCardNetworks names no network the sandbox account has a card for.') };
  return { method, network };
}

async function tokenize(method: PaymentMethod, network: string): Promise<{ token: string }> {
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ parameters: method.tokenizationSpecification?.parameters ?? {}, cardNetwork: network }),
  });
  const body = (await response.json()) as { token?: string; error?: { message?: string } };
  if (!response.ok || !body.token) throw developerError(body.error?.message ?? `The gateway answered ${response.status}.`);
  return { token: body.token };
}

function paymentData(request: PaymentDataRequest, method: PaymentMethod, network: string, token: string): Json {
  const card = CARDS[network];
  const billing = method.parameters?.billingAddressRequired
    ? { billingAddress: method.parameters.billingAddressParameters?.format === 'FULL' ? SANDBOX_ADDRESS : { name: SANDBOX_ADDRESS.name, postalCode: SANDBOX_ADDRESS.postalCode, countryCode: SANDBOX_ADDRESS.countryCode } }
    : {};
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: `${card.name} •••• ${card.last4}`,
      info: { cardNetwork: network, cardDetails: card.last4, ...billing },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token },
    },
    ...(request.emailRequired ? { email: 'sandbox-buyer@example.com' } : {}),
    ...(request.shippingAddressRequired ? { shippingAddress: SANDBOX_ADDRESS } : {}),
  };
}

class PaymentsClient {
  private open = false;

  constructor(private readonly options: ClientOptions = {}) {}

  isReadyToPay(request: PaymentDataRequest): Promise<{ result: boolean; paymentMethodPresent?: boolean }> {
    const method = cardMethod(request);
    if (!method) return Promise.reject(developerError('isReadyToPay needs apiVersion 2 and a CARD payment method.'));
    const ready = networkFor(method) !== null;
    return Promise.resolve(request.existingPaymentMethodRequired ? { result: ready, paymentMethodPresent: ready } : { result: ready });
  }

  createButton(options: { onClick?: (event: Event) => void; buttonColor?: string; buttonType?: string; buttonSizeMode?: string }): HTMLElement {
    if (typeof options?.onClick !== 'function') throw developerError('createButton needs an onClick handler.');
    const white = options.buttonColor === 'white';
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-payment-sandbox', 'google-pay-button');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Google Pay';
    Object.assign(button.style, {
      width: options.buttonSizeMode === 'fill' ? '100%' : '160px',
      height: '40px',
      borderRadius: '4px',
      border: white ? '1px solid #747775' : '0',
      background: white ? '#fff' : '#000',
      color: white ? '#1f1f1f' : '#fff',
      font: '500 16px/1 system-ui, sans-serif',
      cursor: 'pointer',
    });
    button.addEventListener('click', (event) => options.onClick?.(event));
    wrapper.append(button);
    return wrapper;
  }

  prefetchPaymentData(): void {
    // Nothing to prefetch in the sandbox.
  }

  loadPaymentData(request: PaymentDataRequest): Promise<Json> {
    const checked = checkRequest(request);
    if ('error' in checked) return Promise.reject(checked.error);
    if (this.open) return Promise.reject(developerError('A payment sheet is already open.'));
    const { method, network } = checked;
    const authorize = request.callbackIntents?.includes('PAYMENT_AUTHORIZATION') ? this.options.paymentDataCallbacks?.onPaymentAuthorized : undefined;
    const info = request.transactionInfo ?? {};
    const merchant = request.merchantInfo?.merchantName ?? this.options.merchantInfo?.merchantName;
    this.open = true;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        this.open = false;
        sheet.close();
        outcome();
      };
      const pay = async () => {
        sheet.button('Pay').disabled = true;
        sheet.status('Processing…');
        try {
          const data = paymentData(request, method, network, (await tokenize(method, network)).token);
          const answer = authorize ? await authorize(data) : { transactionState: 'SUCCESS' };
          if (answer?.transactionState === 'ERROR') {
            sheet.status(answer.error?.message ?? 'The merchant could not take this payment.');
            sheet.button('Pay').disabled = false;
            return;
          }
          finish(() => resolve(data));
        } catch (error) {
          finish(() => reject(error));
        }
      };
      const sheet = openSheet({
        title: 'Google Pay sandbox',
        marker: 'google-pay-sheet',
        lines: [
          ...(merchant ? [`Pay ${merchant}`] : []),
          `Amount: ${info.totalPrice ?? ''} ${info.currencyCode ?? ''}`.trim(),
          `Card: ${CARDS[network].name} •••• ${CARDS[network].last4}`,
          'Account: sandbox-buyer@example.com',
        ],
        accent: { background: '#000', color: '#fff' },
        actions: [
          { label: 'Pay', primary: true, onClick: () => void pay() },
          { label: 'Cancel', onClick: () => finish(() => reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' })) },
        ],
        onEscape: () => finish(() => reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' })),
      });
    });
  }
}

declare global {
  interface Window {
    google?: { payments?: { api?: Json } } & Json;
  }
}

window.google = window.google ?? {};
window.google.payments = { ...window.google.payments, api: { ...window.google.payments?.api, PaymentsClient } };
