/*
 * Ours: the stand-in for DigitalRiver.js's Tax Identifier element (`createElement('taxidentifier',
 * {taxIdentifier: {sessionId} | {country, sellingEntity?, type?}, classes?})`). It asks the
 * sandbox which tax identifier types apply, then emits the provider's events:
 * - `ready` {elementType: 'taxidentifier', hasTaxIdentifier, businessTaxIdentifierRequired, individualTaxIdentifierRequired}
 * - `change` {complete, empty, elementType, error: null | {type: 'validation_error', code: 'invalid_tax_identifier', message}, identifier: {value, type, customerType}}
 * - `focus`, `blur` {elementType}
 * Mounted, it shows a labelled "Tax ID" input (and a type select when more than one type applies).
 * Ours: `ready` is emitted once the types are known, mounted or not, and a `ready` handler added
 * after that is called at once.
 */
import { callSandbox, containerById, element, errorsOf, nextId, type Json } from './api';

interface TypeInfo {
  readonly type: string;
  readonly customerType: string;
  readonly pattern: string;
}

interface TypesAnswer {
  readonly hasTaxIdentifier: boolean;
  readonly businessTaxIdentifierRequired: boolean;
  readonly individualTaxIdentifierRequired: boolean;
  readonly types: readonly TypeInfo[];
}

interface TaxIdentifierSettings {
  readonly sessionId?: string;
  readonly country?: string;
  readonly sellingEntity?: string;
  readonly type?: string;
}

export interface TaxIdentifierOptions extends TaxIdentifierSettings {
  /** The provider's place for these settings; Ours: they are also taken at the top level of the options. */
  readonly taxIdentifier?: TaxIdentifierSettings;
  readonly classes?: { readonly base?: string; readonly complete?: string; readonly empty?: string; readonly focus?: string; readonly invalid?: string };
}

type Handler = (event: Json) => void;

const ELEMENT_TYPE = 'taxidentifier';

export const normalize = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** The change event for a value of a type (exported for tests of the pure part). */
export function changeEvent(value: string, type: TypeInfo | undefined): Json {
  const normalized = normalize(value);
  const identifier = (v: string | null) => ({ value: v, type: type?.type ?? null, customerType: type?.customerType ?? null });
  if (normalized === '') return { complete: false, empty: true, elementType: ELEMENT_TYPE, error: null, identifier: identifier(null) };
  if (type && new RegExp(type.pattern).test(normalized)) return { complete: true, empty: false, elementType: ELEMENT_TYPE, error: null, identifier: identifier(normalized) };
  return {
    complete: false,
    empty: false,
    elementType: ELEMENT_TYPE,
    error: { type: 'validation_error', code: 'invalid_tax_identifier', message: 'Your tax identifier is invalid.' },
    identifier: identifier(null),
  };
}

export class TaxIdentifierElement {
  private readonly handlers = new Map<string, Handler[]>();
  private answer: TypesAnswer | null = null;
  private readyEvent: Json | null = null;
  private containerId: string | null = null;
  private root: HTMLElement | null = null;

  constructor(
    private readonly publicKey: string,
    private options: TaxIdentifierOptions,
  ) {
    void this.load();
  }

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    if (event === 'ready' && this.readyEvent) handler(this.readyEvent);
    return this;
  }

  off(event: string, handler?: Handler): this {
    this.handlers.set(event, handler ? (this.handlers.get(event) ?? []).filter((known) => known !== handler) : []);
    return this;
  }

  mount(containerId: string): void {
    containerById(containerId);
    this.containerId = containerId;
    if (this.answer) this.render();
  }

  unmount(): void {
    this.root?.remove();
    this.root = null;
    this.containerId = null;
  }

  destroy(): void {
    this.unmount();
    this.handlers.clear();
  }

  /** Takes new options (classes; a new session or country reloads the types). */
  update(options: TaxIdentifierOptions): void {
    const reload = options.taxIdentifier !== undefined || options.sessionId !== undefined || options.country !== undefined;
    this.options = { ...this.options, ...options };
    if (reload) void this.load();
    else if (this.root) this.render();
  }

  private emit(event: string, data: Json): void {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }

  private async load(): Promise<void> {
    const { sessionId, country, sellingEntity, type } = this.options;
    const settings = this.options.taxIdentifier ?? { sessionId, country, sellingEntity, type };
    const query = new URLSearchParams();
    if (settings.sessionId) query.set('sessionId', settings.sessionId);
    else {
      if (settings.country) query.set('country', settings.country);
      if (settings.sellingEntity) query.set('sellingEntity', settings.sellingEntity);
      if (settings.type) query.set('type', settings.type);
    }
    const answer = await callSandbox(this.publicKey, `tax-identifier-types?${query}`);
    if (!answer.ok) {
      // Ours: the provider documents no error event for this element; the page sees `ready` with no tax identifier.
      console.warn('DigitalRiver.js (sandbox stand-in): tax identifier types could not be loaded', errorsOf(answer));
      this.answer = { hasTaxIdentifier: false, businessTaxIdentifierRequired: false, individualTaxIdentifierRequired: false, types: [] };
    } else this.answer = answer.body as unknown as TypesAnswer;
    this.readyEvent = {
      elementType: ELEMENT_TYPE,
      hasTaxIdentifier: this.answer.hasTaxIdentifier,
      businessTaxIdentifierRequired: this.answer.businessTaxIdentifierRequired,
      individualTaxIdentifierRequired: this.answer.individualTaxIdentifierRequired,
    };
    if (this.containerId) this.render();
    this.emit('ready', this.readyEvent);
  }

  private render(): void {
    if (!this.containerId || !this.answer) return;
    const container = containerById(this.containerId);
    this.root?.remove();
    const classes = this.options.classes ?? {};
    const root = element('div', { class: ['DR-taxidentifier', classes.base ?? ''].join(' ').trim(), 'data-payment-sandbox': 'digital-river-taxidentifier' });
    const types = this.answer.types;
    let select: HTMLSelectElement | null = null;
    if (types.length > 1) {
      const id = nextId('dr-taxid-type');
      const wrapper = element('div', { class: 'DR-field' });
      select = element('select', { id });
      for (const type of types) select.append(element('option', { value: type.type }, `${type.type.toUpperCase()} (${type.customerType})`));
      wrapper.append(element('label', { for: id }, 'Tax ID type'), select);
      root.append(wrapper);
    }
    const id = nextId('dr-taxid');
    const wrapper = element('div', { class: 'DR-field' });
    const input = element('input', { id, type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-error` });
    const error = element('p', { id: `${id}-error`, class: 'DR-error' });
    wrapper.append(element('label', { for: id }, 'Tax ID'), input, error);
    root.append(wrapper);

    const current = () => types.find((type) => type.type === (select?.value ?? types[0]?.type));
    const changed = () => {
      const event = changeEvent(input.value, current());
      const problem = event.error as { message?: string } | null;
      error.textContent = problem && document.activeElement !== input ? (problem.message ?? '') : '';
      if (problem) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      for (const name of ['complete', 'empty', 'invalid'] as const) {
        const className = classes[name];
        if (className) root.classList.toggle(className, name === 'invalid' ? !!problem : !!event[name]);
      }
      this.emit('change', event);
    };
    input.addEventListener('input', changed);
    select?.addEventListener('change', changed);
    input.addEventListener('focus', () => {
      if (classes.focus) root.classList.add(classes.focus);
      this.emit('focus', { elementType: ELEMENT_TYPE });
    });
    input.addEventListener('blur', () => {
      if (classes.focus) root.classList.remove(classes.focus);
      changed();
      this.emit('blur', { elementType: ELEMENT_TYPE });
    });
    container.append(root);
    this.root = root;
  }
}
