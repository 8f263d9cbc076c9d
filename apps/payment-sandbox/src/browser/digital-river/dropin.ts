/*
 * Ours: the stand-in for Digital River's Drop-in payments (`digitalriver.createDropin(config)`).
 * It offers one payment method, a credit card form, and keeps the real drop-in's contract:
 * `mount(containerId)` renders into the container, `onReady({paymentMethodTypes})` once it can
 * take input (never while the sandbox's drop-in hang control is on), `onSuccess({source,
 * readyForStorage, supportsStorage, consents?})` once the sandbox made a source, `onError({paymentMethod,
 * errors: [{code, message}]})` for field errors and refused sources, `onCancel({paymentMethod})`
 * from its Cancel button.
 */
import { callSandbox, containerById, element, errorsOf, nextId, type DrError, type Json } from './api';
import { checkCard, type CardInput, type FieldError } from './card-fields';

export interface DropInOptions {
  readonly flow?: string;
  readonly showSavePaymentAgreement?: boolean;
  readonly showComplianceSection?: boolean;
  readonly showTermsOfSaleDisclosure?: boolean;
  readonly expandFirstPaymentMethod?: boolean;
  readonly usage?: string;
  readonly button?: { readonly type?: string; readonly buttonText?: string };
}

export interface DropInConfiguration {
  readonly sessionId?: string;
  readonly options?: DropInOptions;
  readonly billingAddress?: Json;
  readonly paymentMethodConfiguration?: Json;
  readonly onSuccess?: (data: Json) => void;
  readonly onError?: (data: Json) => void;
  readonly onCancel?: (data: Json) => void;
  readonly onReady?: (data: Json) => void;
}

/** The button's text per `options.button.type`, as the provider's en-US locale shows it. */
const BUTTON_TEXT: Readonly<Record<string, string>> = {
  continue: 'Continue',
  payNow: 'Pay Now',
  buyNow: 'Buy Now',
  completeOrder: 'Complete Order',
  submitOrder: 'Submit Order',
};

interface Session {
  readonly amount?: number;
  readonly currency?: string;
  readonly sellingEntity?: { readonly id: string; readonly name: string };
  readonly paymentMethodTypes?: readonly string[];
  readonly dropIn?: { readonly hang?: boolean };
}

interface Field {
  readonly input: HTMLInputElement;
  readonly error: HTMLElement;
}

function field(parent: HTMLElement, label: string, attributes: Record<string, string>): Field {
  const id = nextId('dr-field');
  const wrapper = element('div', { class: 'DR-field' });
  const input = element('input', { id, type: 'text', 'aria-describedby': `${id}-error`, spellcheck: 'false', ...attributes });
  const error = element('p', { id: `${id}-error`, class: 'DR-error' });
  wrapper.append(element('label', { for: id }, label), input, error);
  parent.append(wrapper);
  return { input, error };
}

function showError(target: Field, error: FieldError | undefined): void {
  target.error.textContent = error?.message ?? '';
  if (error) target.input.setAttribute('aria-invalid', 'true');
  else target.input.removeAttribute('aria-invalid');
}

export class DropIn {
  private root: HTMLElement | null = null;
  private mounted = false;
  private readonly paymentMethod = 'creditCard';

  constructor(
    private readonly publicKey: string,
    private readonly config: DropInConfiguration,
  ) {}

  mount(containerId: string): void {
    const container = containerById(containerId);
    this.unmount();
    this.mounted = true;
    const root = element('div', { class: 'DR-dropin', 'data-payment-sandbox': 'digital-river-dropin' });
    root.append(element('p', { class: 'DR-status', role: 'status' }, 'Loading payment methods…'));
    container.append(root);
    this.root = root;
    void this.load(root);
  }

  unmount(): void {
    this.mounted = false;
    this.root?.remove();
    this.root = null;
  }

  private async load(root: HTMLElement): Promise<void> {
    let session: Session = {};
    if (this.config.sessionId) {
      const answer = await callSandbox(this.publicKey, `sessions/${encodeURIComponent(this.config.sessionId)}`);
      if (!this.mounted || this.root !== root) return;
      if (!answer.ok) {
        root.replaceChildren(element('p', { class: 'DR-error', role: 'alert' }, 'Payment methods could not be loaded.'));
        this.config.onError?.({ paymentMethod: this.paymentMethod, errors: errorsOf(answer) });
        return;
      }
      session = answer.body as Session;
    }
    // The sandbox's hang control: stay on "Loading…" and never become ready.
    if (session.dropIn?.hang) return;
    this.render(root, session);
    this.config.onReady?.({ paymentMethodTypes: [this.paymentMethod] });
  }

  private render(root: HTMLElement, session: Session): void {
    const options = this.config.options ?? {};
    const form = element('form', { novalidate: '', 'aria-label': 'Payment details' });
    const method = element('fieldset', { class: 'DR-dropin-method', id: nextId('dr-method') });
    method.append(element('legend', {}, 'Credit card'));
    const number = field(method, 'Card number', { autocomplete: 'cc-number', inputmode: 'numeric', name: 'cardnumber' });
    const row = element('div', { class: 'DR-field-row' });
    const expiry = field(row, 'Expiry date (MM/YY)', { autocomplete: 'cc-exp', inputmode: 'numeric', name: 'cc-exp', placeholder: 'MM/YY' });
    const cvv = field(row, 'Security code', { autocomplete: 'cc-csc', inputmode: 'numeric', name: 'cvc' });
    method.append(row);
    const holder = field(method, 'Name on card', { autocomplete: 'cc-name', name: 'ccname' });

    // expandFirstPaymentMethod (default true): the first (only) method is open; otherwise a button opens it.
    if (options.expandFirstPaymentMethod === false) {
      method.hidden = true;
      const toggle = element('button', { type: 'button', class: 'DR-button DR-button-secondary', 'aria-expanded': 'false', 'aria-controls': method.id }, 'Credit card');
      toggle.addEventListener('click', () => {
        method.hidden = !method.hidden;
        toggle.setAttribute('aria-expanded', String(!method.hidden));
      });
      form.append(toggle);
    }
    form.append(method);

    let save: HTMLInputElement | null = null;
    if (options.showSavePaymentAgreement === true) {
      const id = nextId('dr-save');
      save = element('input', { id, type: 'checkbox' });
      const wrapper = element('div', { class: 'DR-field DR-save' });
      wrapper.append(save, element('label', { for: id }, 'Save my payment details for future purchases'));
      form.append(wrapper);
    }
    const entity = session.sellingEntity?.name ?? 'Digital River';
    const buttonText = options.button?.type === 'custom' ? (options.button.buttonText ?? 'Continue') : (BUTTON_TEXT[options.button?.type ?? 'continue'] ?? 'Continue');
    if (options.showTermsOfSaleDisclosure !== false) {
      form.append(element('p', { class: 'DR-terms' }, `By clicking ${buttonText}, I agree to the Terms of Sale and the Privacy Policy of ${entity}, the authorised reseller and merchant of record for this purchase.`));
    }
    const actions = element('div', { class: 'DR-actions' });
    const submit = element('button', { type: 'submit', class: 'DR-button' }, buttonText);
    const cancel = element('button', { type: 'button', class: 'DR-button DR-button-secondary' }, 'Cancel');
    actions.append(submit, cancel);
    form.append(actions);
    const status = element('p', { class: 'DR-status', role: 'status' });
    form.append(status);
    if (options.showComplianceSection !== false) {
      form.append(element('p', { class: 'DR-compliance' }, `${entity} is the authorised reseller and merchant of record for this purchase. (Digital River payment sandbox)`));
    }

    const fields: Record<keyof CardInput, Field> = { number, expiry, cvv };
    for (const [name, target] of Object.entries(fields) as [keyof CardInput, Field][]) {
      target.input.addEventListener('input', () => showError(target, undefined));
      target.input.addEventListener('blur', () => {
        if (target.input.value === '') return;
        const checked = checkCard(this.read(fields));
        showError(target, 'errors' in checked ? checked.errors[name] : undefined);
      });
    }
    cancel.addEventListener('click', () => this.config.onCancel?.({ paymentMethod: this.paymentMethod }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.pay(fields, holder, save, submit, status);
    });
    root.replaceChildren(form);
  }

  private read(fields: Record<keyof CardInput, Field>): CardInput {
    return { number: fields.number.input.value, expiry: fields.expiry.input.value, cvv: fields.cvv.input.value };
  }

  private async pay(fields: Record<keyof CardInput, Field>, holder: Field, save: HTMLInputElement | null, submit: HTMLButtonElement, status: HTMLElement): Promise<void> {
    const checked = checkCard(this.read(fields));
    for (const [name, target] of Object.entries(fields) as [keyof CardInput, Field][]) showError(target, 'errors' in checked ? checked.errors[name] : undefined);
    if ('errors' in checked) {
      const errors: DrError[] = Object.values(checked.errors).filter((error): error is FieldError => !!error);
      this.config.onError?.({ paymentMethod: this.paymentMethod, errors });
      return;
    }
    submit.disabled = true;
    status.textContent = 'Processing…';
    const owner = this.owner(holder.input.value.trim());
    const answer = await callSandbox(this.publicKey, 'sources', {
      method: 'POST',
      body: { ...(this.config.sessionId ? { sessionId: this.config.sessionId } : {}), type: 'creditCard', ...(owner ? { owner } : {}), creditCard: checked.card },
    });
    if (!this.mounted) return;
    submit.disabled = false;
    if (!answer.ok) {
      status.textContent = 'Your payment details could not be used. Check them or try another card.';
      this.config.onError?.({ paymentMethod: this.paymentMethod, errors: errorsOf(answer) });
      return;
    }
    status.textContent = '';
    const options = this.config.options ?? {};
    this.config.onSuccess?.({
      source: answer.body,
      readyForStorage: options.showSavePaymentAgreement === true && save?.checked === true,
      supportsStorage: true,
      ...(options.showTermsOfSaleDisclosure !== false ? { consents: { termsOfSale: true, eula: false, termsOfUse: false } } : {}),
    });
  }

  /** The source's owner: the configuration's billing address (the name on the card wins), else the session's bill-to. */
  private owner(cardholder: string): Json | null {
    const billing = this.config.billingAddress;
    if (!billing && !cardholder) return null;
    const [firstName, ...rest] = cardholder.split(/\s+/);
    return { ...(billing ?? {}), ...(cardholder ? { firstName, lastName: rest.join(' ') || (billing?.lastName ?? '') } : {}) };
  }
}
