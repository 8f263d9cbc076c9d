import type Framebus from 'framebus';
import constants from 'braintree-web/hosted-fields/shared/constants';
import type { CardForm } from './card-form';
import type { RenderedField } from './field-view';
import type { FieldKey } from './protocol';

const { events, allowedAttributes } = constants;

type Command = { readonly field?: unknown; readonly attribute?: unknown; readonly value?: unknown; readonly message?: unknown; readonly classname?: unknown };

function setAttribute(input: HTMLInputElement, attribute: string, value: unknown): void {
  if (allowedAttributes[attribute] === 'string') {
    input.setAttribute(attribute, String(value));
  } else if (attribute === 'disabled') {
    input.disabled = value === true || value === 'true';
  } else {
    input.setAttribute(attribute, value === true || value === 'true' ? 'true' : 'false');
  }
}

/**
 * The parent page's per-field calls (clear, setAttribute, removeAttribute, setMessage, addClass,
 * removeClass, focus). They go to every frame; each frame acts on the ones for its own field.
 */
export function listenForCommands(bus: Framebus, key: FieldKey, field: RenderedField, form: CardForm): void {
  const { input, message } = field;
  const on = (event: string, act: (command: Command) => void) =>
    bus.on(event, (data) => {
      const command = data as Command;
      if (command && command.field === key) act(command);
    });

  on(events.CLEAR_FIELD, () => {
    input.value = '';
    form.setValue(key, '');
  });
  on(events.SET_ATTRIBUTE, ({ attribute, value }) => {
    if (typeof attribute === 'string' && Object.hasOwn(allowedAttributes, attribute)) setAttribute(input, attribute, value);
  });
  on(events.REMOVE_ATTRIBUTE, ({ attribute }) => {
    if (typeof attribute === 'string' && Object.hasOwn(allowedAttributes, attribute)) input.removeAttribute(attribute);
  });
  on(events.SET_MESSAGE, ({ message: text }) => {
    message.textContent = typeof text === 'string' ? text : '';
  });
  on(events.ADD_CLASS, ({ classname }) => {
    if (typeof classname === 'string' && classname) input.classList.add(classname);
  });
  on(events.REMOVE_CLASS, ({ classname }) => {
    if (typeof classname === 'string' && classname) input.classList.remove(classname);
  });
  on(events.TRIGGER_INPUT_FOCUS, () => input.focus());
}
