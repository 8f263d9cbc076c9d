/*
 * Ours, not PayPal's: the payment sandbox's stand-in for the PayPal JS SDK (window.paypal), which
 * braintree-web's paypalCheckout.loadPayPalSDK loads from https://www.paypal.com/sdk/js (or
 * www.sandbox.paypal.com). Buttons() renders one button named "PayPal"; a click runs the merchant's
 * createOrder (braintree-web's createPayment) or createBillingAgreement, then shows an in-page
 * approval dialog where the real SDK opens PayPal's popup. "Approve payment" calls onApprove with
 * the data braintree-web's tokenizePayment reads; "Cancel payment" calls onCancel. As the real SDK,
 * it also renders the Pay Later and PayPal Credit buttons when the script's `enable-funding` asks for
 * them in a currency PayPal offers them in; the dialog lists the cart the merchant sent.
 */
import { openSheet } from './wallet-sheet';

type Handler = (data: Record<string, unknown>, actions: Record<string, unknown>) => unknown;

interface ButtonsOptions {
  readonly fundingSource?: string;
  readonly style?: { readonly color?: string; readonly shape?: string; readonly height?: number };
  readonly createOrder?: Handler;
  readonly createBillingAgreement?: Handler;
  readonly onApprove?: Handler;
  readonly onCancel?: Handler;
  readonly onClick?: Handler;
  readonly onInit?: Handler;
  readonly onError?: (error: unknown) => unknown;
}

interface CartItem {
  readonly name: string;
  readonly kind: 'debit' | 'credit';
  readonly quantity: string;
  readonly unitAmount: string;
  readonly unitTaxAmount?: string;
}

interface OrderSummary {
  readonly token: string;
  readonly lineItems: readonly CartItem[];
  readonly amountBreakdown: Partial<Record<'itemTotal' | 'taxTotal' | 'shipping' | 'handling' | 'insurance' | 'shippingDiscount' | 'discount', string>> | null;
  readonly flow: 'checkout' | 'vault';
  readonly amount: string | null;
  readonly currency: string | null;
  readonly displayName: string;
  readonly payerEmail: string;
  readonly billingAgreement: boolean;
  readonly billingAgreementDescription: string | null;
}

// The approval endpoints are served where this script came from (the PayPal host the page routed).
const sdkUrl = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href);
const sdkOrigin = sdkUrl.origin;

const FUNDING = { PAYPAL: 'paypal', PAYLATER: 'paylater', CREDIT: 'credit', CARD: 'card', VENMO: 'venmo' } as const;

/**
 * Ours, after PayPal's published offers: Pay Later in the currencies of the countries PayPal offers
 * it in (US, UK, France, Germany, Italy, Spain, Australia), PayPal Credit in the US and the UK; both
 * only when the merchant's script asks for them with `enable-funding`.
 */
const PAY_LATER_CURRENCIES = new Set(['USD', 'GBP', 'EUR', 'AUD']);
const CREDIT_CURRENCIES = new Set(['USD', 'GBP']);
const sdkCurrency = (sdkUrl.searchParams.get('currency') ?? 'USD').toUpperCase();
const enabledFunding = new Set((sdkUrl.searchParams.get('enable-funding') ?? '').split(',').map((source) => source.trim()));
const disabledFunding = new Set((sdkUrl.searchParams.get('disable-funding') ?? '').split(',').map((source) => source.trim()));

function fundingEligible(source: string): boolean {
  if (disabledFunding.has(source)) return false;
  if (source === FUNDING.PAYPAL) return true;
  if (source === FUNDING.PAYLATER) return enabledFunding.has(source) && PAY_LATER_CURRENCIES.has(sdkCurrency);
  if (source === FUNDING.CREDIT) return enabledFunding.has(source) && CREDIT_CURRENCIES.has(sdkCurrency);
  return false;
}

const BUTTON_LABELS: Readonly<Record<string, string>> = { paypal: 'PayPal', paylater: 'Pay Later', credit: 'PayPal Credit' };

const COLOURS: Readonly<Record<string, { background: string; color: string }>> = {
  gold: { background: '#ffc439', color: '#111' },
  blue: { background: '#0070e0', color: '#fff' },
  silver: { background: '#eee', color: '#111' },
  white: { background: '#fff', color: '#111' },
  black: { background: '#111', color: '#fff' },
};

const unavailable = (what: string) => () => Promise.reject(new Error(`Ours: ${what} is not available in the payment sandbox's PayPal stand-in.`));

async function call(token: string, action: 'approve' | 'cancel' | null, fundingSource: string = FUNDING.PAYPAL): Promise<Record<string, unknown>> {
  const method = action ? 'POST' : 'GET';
  const response = await fetch(`${sdkOrigin}/__sandbox/paypal/orders/${encodeURIComponent(token)}${action ? `/${action}` : ''}`, {
    method,
    headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {},
    body: method === 'POST' ? JSON.stringify(action === 'approve' ? { fundingSource } : {}) : undefined,
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(body.error ?? `PayPal sandbox answered ${response.status}`));
  return body;
}

const BREAKDOWN_LABELS: ReadonlyArray<readonly [keyof NonNullable<OrderSummary['amountBreakdown']>, string]> = [
  ['itemTotal', 'Item total'],
  ['taxTotal', 'Tax'],
  ['shipping', 'Shipping'],
  ['handling', 'Handling'],
  ['insurance', 'Insurance'],
  ['shippingDiscount', 'Shipping discount'],
  ['discount', 'Discount'],
];

function describe(order: OrderSummary, fundingSource: string): string[] {
  const lines = [`Signed in as ${order.payerEmail}`];
  if (order.flow === 'checkout') lines.push(`Pay ${order.displayName}`);
  if (order.flow === 'checkout') {
    const currency = order.currency ?? '';
    // PayPal's page lists the merchant's items, then the breakdown, then the total.
    for (const item of order.lineItems) {
      const tax = item.unitTaxAmount ? ` + ${item.unitTaxAmount} tax` : '';
      lines.push(`Item: ${item.name}, ${item.quantity} × ${item.kind === 'credit' ? '-' : ''}${item.unitAmount}${tax} ${currency}`);
    }
    for (const [field, label] of BREAKDOWN_LABELS) {
      const value = order.amountBreakdown?.[field];
      if (value !== undefined) lines.push(`${label}: ${field === 'discount' || field === 'shippingDiscount' ? '-' : ''}${value} ${currency}`);
    }
    lines.push(`Amount: ${order.amount ?? ''} ${currency}`.trim());
    if (fundingSource === FUNDING.PAYLATER) lines.push(`Pay Later: ${currency === 'GBP' ? 'Pay in 3' : 'Pay in 4'} interest-free payments.`);
    if (fundingSource === FUNDING.CREDIT) lines.push('PayPal Credit: 0% interest for 4 months.');
  }
  if (order.billingAgreement) lines.push(`Let ${order.displayName} charge your PayPal account for future purchases.`);
  if (order.billingAgreement && order.billingAgreementDescription) lines.push(order.billingAgreementDescription);
  return lines;
}

function Buttons(options: ButtonsOptions) {
  const fundingSource = options.fundingSource ?? FUNDING.PAYPAL;
  const rendered: HTMLElement[] = [];
  let busy = false;

  const fail = (error: unknown) => {
    if (options.onError) void options.onError(error);
    else console.error(error);
  };

  /** The buyer approves or cancels in the sandbox's dialog (the real SDK's popup). */
  function askBuyer(order: OrderSummary): Promise<'approve' | 'cancel'> {
    return new Promise((resolve) => {
      const sheet = openSheet({
        title: 'PayPal sandbox approval',
        marker: 'paypal-approval',
        lines: describe(order, fundingSource),
        accent: { background: '#003087', color: '#fff' },
        actions: [
          { label: 'Approve payment', primary: true, onClick: () => done('approve') },
          { label: 'Cancel payment', onClick: () => done('cancel') },
        ],
        onEscape: () => done('cancel'),
      });
      const done = (choice: 'approve' | 'cancel') => {
        sheet.close();
        resolve(choice);
      };
    });
  }

  async function run(): Promise<void> {
    const vault = typeof options.createBillingAgreement === 'function';
    const create = vault ? options.createBillingAgreement : options.createOrder;
    if (typeof create !== 'function') throw new Error('Expected createOrder or createBillingAgreement to be passed to paypal.Buttons.');
    const token = String(await create({ paymentSource: fundingSource }, { order: { create: unavailable('actions.order.create') } }));
    const order = (await call(token, null)) as unknown as OrderSummary;
    if ((await askBuyer(order)) === 'cancel') {
      await call(token, 'cancel');
      await options.onCancel?.({ orderID: token }, {});
      return;
    }
    const data = await call(token, 'approve', fundingSource);
    await options.onApprove?.(data, {
      restart: unavailable('actions.restart'),
      order: { get: unavailable('actions.order.get'), capture: unavailable('actions.order.capture'), authorize: unavailable('actions.order.authorize'), patch: unavailable('actions.order.patch') },
    });
  }

  async function onButtonClick(): Promise<void> {
    if (busy) return;
    if (options.onClick) {
      let allowed = true;
      const decision = await options.onClick({ fundingSource }, { resolve: () => Promise.resolve(), reject: () => ((allowed = false), Promise.resolve()) });
      if (decision === false || !allowed) return;
    }
    busy = true;
    try {
      await run();
    } catch (error) {
      fail(error);
    } finally {
      busy = false;
    }
  }

  return {
    isEligible: () => fundingEligible(fundingSource),
    render(container: string | HTMLElement): Promise<void> {
      const target = typeof container === 'string' ? document.querySelector<HTMLElement>(container) : container;
      if (!target) return Promise.reject(new Error(`Document is ready and element ${String(container)} does not exist`));
      if (!fundingEligible(fundingSource)) return Promise.reject(new Error(`Ours: the payment sandbox's PayPal does not offer the ${fundingSource} funding source here.`));
      const colour = COLOURS[options.style?.color ?? 'gold'] ?? COLOURS.gold;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = BUTTON_LABELS[fundingSource] ?? 'PayPal';
      button.setAttribute('data-funding-source', fundingSource);
      Object.assign(button.style, {
        display: 'block',
        width: '100%',
        height: `${options.style?.height ?? 45}px`,
        border: '0',
        borderRadius: options.style?.shape === 'pill' ? '23px' : '4px',
        background: colour.background,
        color: colour.color,
        font: 'italic bold 18px/1 system-ui, sans-serif',
        cursor: 'pointer',
      });
      button.addEventListener('click', () => void onButtonClick());
      const wrapper = document.createElement('div');
      wrapper.setAttribute('data-payment-sandbox', 'paypal-buttons');
      wrapper.append(button);
      target.append(wrapper);
      rendered.push(wrapper);
      void options.onInit?.({}, { enable: () => Promise.resolve(), disable: () => Promise.resolve() });
      return Promise.resolve();
    },
    close(): Promise<void> {
      for (const element of rendered.splice(0)) element.remove();
      return Promise.resolve();
    },
    hasReturned: () => false,
  };
}

declare global {
  interface Window {
    paypal?: unknown;
  }
}

window.paypal = {
  version: '5.0.0-payment-sandbox',
  FUNDING,
  Buttons,
  getFundingSources: () => [FUNDING.PAYPAL, FUNDING.PAYLATER, FUNDING.CREDIT].filter(fundingEligible),
  isFundingEligible: fundingEligible,
};
