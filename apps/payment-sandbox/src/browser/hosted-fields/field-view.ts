import type { CardForm } from './card-form';
import type { FieldKey, FieldOptions } from './protocol';

interface FieldPresentation {
  readonly label: string;
  /** The provider's input names, which the parent's label lookups and autofill expect. */
  readonly name: string;
  readonly autocomplete: string;
  readonly inputMode: 'numeric' | 'text';
  readonly maxLength: number;
}

const PRESENTATION: Readonly<Record<FieldKey, FieldPresentation>> = {
  // Up to 19 digits, with room for the spaces people type between groups.
  number: { label: 'Card number', name: 'credit-card-number', autocomplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  cvv: { label: 'CVV', name: 'cvv', autocomplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
  expirationDate: { label: 'Expiration date', name: 'expiration', autocomplete: 'cc-exp', inputMode: 'numeric', maxLength: 9 },
  expirationMonth: { label: 'Expiration month', name: 'expiration-month', autocomplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2 },
  expirationYear: { label: 'Expiration year', name: 'expiration-year', autocomplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 4 },
  postalCode: { label: 'Postal code', name: 'postal-code', autocomplete: 'billing postal-code', inputMode: 'text', maxLength: 10 },
  cardholderName: { label: 'Cardholder name', name: 'cardholder-name', autocomplete: 'cc-name', inputMode: 'text', maxLength: 255 },
};

const INPUT_TYPES = new Set(['text', 'tel', 'password']);

export interface RenderedField {
  readonly input: HTMLInputElement;
  readonly message: HTMLElement;
}

/** The security code's name follows the card brand once only one is possible: CVV, CVC, CID… */
function labelOf(key: FieldKey, form: CardForm, options: FieldOptions): string {
  if (options.internalLabel) return options.internalLabel;
  const cards = form.possibleCards;
  return key === 'cvv' && cards.length === 1 ? cards[0].code.name : PRESENTATION[key].label;
}

function maxLengthOf(key: FieldKey, form: CardForm, options: FieldOptions): number {
  if (key === 'cvv') {
    const sizes = form.keys.includes('number') ? form.possibleCards.map((card) => card.code.size) : [];
    const longest = sizes.length > 0 ? Math.max(...sizes) : 4;
    return options.maxlength ? Math.min(options.maxlength, longest) : longest;
  }
  return key === 'postalCode' && options.maxlength ? options.maxlength : PRESENTATION[key].maxLength;
}

/**
 * One accessible input in this frame: a label (visually hidden, as the merchant labels the field
 * outside the frame), the input, and a live region for `setMessage`. Reports to the shared form.
 */
export function renderField(document: Document, key: FieldKey, form: CardForm): RenderedField {
  const options = form.configuration.fields[key] ?? {};
  const presentation = PRESENTATION[key];
  const container = document.createElement('form');
  container.noValidate = true;
  container.addEventListener('submit', (event) => event.preventDefault());

  const label = document.createElement('label');
  label.htmlFor = presentation.name;
  label.className = 'visually-hidden';

  const input = document.createElement('input');
  input.id = presentation.name;
  input.name = presentation.name;
  input.type = options.maskInput ? 'password' : options.type && INPUT_TYPES.has(options.type) ? options.type : 'text';
  input.autocomplete = presentation.autocomplete as AutoFill;
  input.inputMode = presentation.inputMode;
  input.spellcheck = false;
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('autocapitalize', 'off');
  if (options.placeholder) input.placeholder = options.placeholder;

  const message = document.createElement('span');
  message.id = `${presentation.name}-message`;
  message.className = 'visually-hidden';
  message.setAttribute('aria-live', 'polite');
  input.setAttribute('aria-describedby', message.id);

  const redraw = () => {
    const state = form.state(key);
    label.textContent = labelOf(key, form, options);
    input.maxLength = maxLengthOf(key, form, options);
    input.classList.toggle('valid', state.isValid);
    input.classList.toggle('invalid', !state.isPotentiallyValid);
  };
  form.onChange(redraw);
  redraw();

  input.addEventListener('input', () => form.setValue(key, input.value));
  input.addEventListener('focus', () => form.setFocus(key, true));
  input.addEventListener('blur', () => form.setFocus(key, false));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') form.submitRequest(key);
  });

  container.append(label, input, message);
  document.body.append(container);
  if (options.prefill) {
    input.value = options.prefill;
    form.setValue(key, options.prefill);
  }
  return { input, message };
}
