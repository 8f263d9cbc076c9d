/*
 * Ours, not PayPal's: the payment sandbox's stand-in for the PayPal JS SDK (window.paypal), which
 * braintree-web's paypalCheckout.loadPayPalSDK loads from https://www.paypal.com/sdk/js (or
 * www.sandbox.paypal.com). Buttons() renders one button named "PayPal"; a click runs the merchant's
 * createOrder (braintree-web's createPayment) or createBillingAgreement, then shows an in-page
 * approval dialog where the real SDK opens PayPal's popup. "Approve payment" calls onApprove with
 * the data braintree-web's tokenizePayment reads; "Cancel payment" calls onCancel.
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

interface OrderSummary {
  readonly token: string;
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

const COLOURS: Readonly<Record<string, { background: string; color: string }>> = {
  gold: { background: '#ffc439', color: '#111' },
  blue: { background: '#0070e0', color: '#fff' },
  silver: { background: '#eee', color: '#111' },
  white: { background: '#fff', color: '#111' },
  black: { background: '#111', color: '#fff' },
};

const unavailable = (what: string) => () => Promise.reject(new Error(`Ours: ${what} is not available in the payment sandbox's PayPal stand-in.`));

async function call(token: string, action: 'approve' | 'cancel' | null): Promise<Record<string, unknown>> {
  const method = action ? 'POST' : 'GET';
  const response = await fetch(`${sdkOrigin}/__sandbox/paypal/orders/${encodeURIComponent(token)}${action ? `/${action}` : ''}`, { method, headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {}, body: method === 'POST' ? '{}' : undefined });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(body.error ?? `PayPal sandbox answered ${response.status}`));
  return body;
}

function describe(order: OrderSummary): string[] {
  const lines = [`Signed in as ${order.payerEmail}`];
  if (order.flow === 'checkout') lines.push(`Pay ${order.displayName}`, `Amount: ${order.amount ?? ''} ${order.currency ?? ''}`.trim());
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
        lines: describe(order),
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
    const data = await call(token, 'approve');
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
    isEligible: () => fundingSource === FUNDING.PAYPAL,
    render(container: string | HTMLElement): Promise<void> {
      const target = typeof container === 'string' ? document.querySelector<HTMLElement>(container) : container;
      if (!target) return Promise.reject(new Error(`Document is ready and element ${String(container)} does not exist`));
      if (fundingSource !== FUNDING.PAYPAL) return Promise.reject(new Error(`Ours: the payment sandbox renders the ${FUNDING.PAYPAL} funding source only, not ${fundingSource}.`));
      const colour = COLOURS[options.style?.color ?? 'gold'] ?? COLOURS.gold;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'PayPal';
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
  getFundingSources: () => [FUNDING.PAYPAL],
  isFundingEligible: (source: string) => source === FUNDING.PAYPAL,
};
