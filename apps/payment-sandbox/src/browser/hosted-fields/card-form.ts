import constants from 'braintree-web/hosted-fields/shared/constants';
import { FIELD_KEYS, type CardBrand, type ClientConfiguration, type FieldKey, type FieldState, type MerchantConfiguration } from './protocol';
import { digitsOf, possibleCards, supportedBrands, validate, type ValidationContext } from './validation';

const { events } = constants;

export type InputEventType = 'focus' | 'blur' | 'empty' | 'notEmpty' | 'validityChange' | 'cardTypeChange' | 'inputSubmitRequest';

/** Sends an event to the merchant's page through the first frame's bus. */
export type EmitToMerchant = (event: string, data: unknown) => void;

const sameCards = (a: readonly CardBrand[], b: readonly CardBrand[]) =>
  a.length === b.length && a.every((card, index) => card.type === b[index].type && card.supported === b[index].supported);

/**
 * The state of every card field of one Hosted Fields instance. It lives in the first frame (the
 * one the parent sends the configuration to); every frame's input reports to it, and it tells the
 * merchant's page what changed, as braintree-web's INPUT_EVENT payloads.
 */
export class CardForm {
  readonly keys: readonly FieldKey[];
  private readonly fields = new Map<FieldKey, FieldState>();
  private cards: CardBrand[];
  private client: ClientConfiguration | null = null;
  private readonly listeners: (() => void)[] = [];
  private entryHasBegun = false;
  private lastBin = '';

  constructor(
    readonly configuration: MerchantConfiguration,
    private readonly emitToMerchant: EmitToMerchant,
  ) {
    this.keys = FIELD_KEYS.filter((key) => configuration.fields[key] !== undefined);
    for (const key of this.keys) this.fields.set(key, { value: '', isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false });
    this.cards = possibleCards('', this.supported());
  }

  private supported() {
    return supportedBrands(this.configuration.fields.number, this.client);
  }

  get clientConfiguration(): ClientConfiguration | null {
    return this.client;
  }

  setClient(client: ClientConfiguration): void {
    this.client = client;
    // The accepted brands come from the gateway configuration, so revalidate with it.
    this.update('number', () => undefined, false);
  }

  state(key: FieldKey): Readonly<FieldState> {
    const state = this.fields.get(key);
    if (!state) throw new Error(`${key} is not a field of this form`);
    return state;
  }

  get possibleCards(): readonly CardBrand[] {
    return this.cards;
  }

  /** Views (labels, lengths) redraw on every change. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  setValue(key: FieldKey, value: string): void {
    this.update(key, (state) => {
      state.value = value;
      state.isEmpty = value === '';
    });
  }

  setFocus(key: FieldKey, isFocused: boolean): void {
    const state = this.fields.get(key);
    if (!state || state.isFocused === isFocused) return;
    if (!this.entryHasBegun) {
      this.entryHasBegun = true;
      this.emitToMerchant(events.CARD_FORM_ENTRY_HAS_BEGUN, undefined);
    }
    if (isFocused) for (const other of this.fields.values()) other.isFocused = false;
    state.isFocused = isFocused;
    this.emitInputEvent(key, isFocused ? 'focus' : 'blur');
    this.notify();
  }

  submitRequest(key: FieldKey): void {
    this.emitInputEvent(key, 'inputSubmitRequest');
  }

  private validationContext(): ValidationContext {
    return {
      keys: this.keys,
      options: this.configuration.fields,
      cards: this.cards,
      supported: this.supported(),
      valueOf: (key) => this.fields.get(key)?.value ?? '',
    };
  }

  /** Applies a change, revalidates every field (some depend on others) and reports what changed. */
  private update(emittedBy: FieldKey, change: (state: FieldState) => void, reportEmptiness = true): void {
    const state = this.fields.get(emittedBy);
    const before = new Map([...this.fields].map(([key, field]) => [key, { ...field }]));
    const cardsBefore = this.cards;
    if (state) change(state);
    this.cards = possibleCards(this.fields.get('number')?.value ?? '', this.supported());
    const context = { ...this.validationContext(), cards: this.cards };
    for (const [key, field] of this.fields) Object.assign(field, pick(validate(key, context)));

    if (state && reportEmptiness && before.get(emittedBy)?.isEmpty !== state.isEmpty) this.emitInputEvent(emittedBy, state.isEmpty ? 'empty' : 'notEmpty');
    if (!sameCards(cardsBefore, this.cards)) this.emitInputEvent('number', 'cardTypeChange');
    for (const [key, field] of this.fields) {
      const previous = before.get(key);
      if (previous && (previous.isValid !== field.isValid || previous.isPotentiallyValid !== field.isPotentiallyValid)) this.emitInputEvent(key, 'validityChange');
    }
    this.reportBin();
    this.notify();
  }

  private reportBin(): void {
    const bin = digitsOf(this.fields.get('number')?.value ?? '').slice(0, 6);
    if (bin.length === 6 && bin !== this.lastBin) this.emitToMerchant(events.BIN_AVAILABLE, bin);
    this.lastBin = bin.length === 6 ? bin : '';
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private emitInputEvent(emittedBy: FieldKey, type: InputEventType): void {
    if (!this.fields.has(emittedBy)) return;
    const fields = Object.fromEntries(
      [...this.fields].map(([key, field]) => [key, { isEmpty: field.isEmpty, isValid: field.isValid, isPotentiallyValid: field.isPotentiallyValid, isFocused: field.isFocused }]),
    );
    this.emitToMerchant(events.INPUT_EVENT, { type, merchantPayload: { emittedBy, cards: this.cards, fields } });
  }
}

const pick = ({ isValid, isPotentiallyValid }: { isValid: boolean; isPotentiallyValid: boolean }) => ({ isValid, isPotentiallyValid });
