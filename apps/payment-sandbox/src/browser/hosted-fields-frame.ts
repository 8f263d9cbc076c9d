/*
 * Ours, not the provider's: the payment sandbox's stand-in for the script of Braintree's Hosted
 * Fields card frame, which is not published. It speaks braintree-web's internal frame protocol:
 * FRAME_READY (the first frame gets the merchant configuration and runs the form for all),
 * READY_FOR_CLIENT, INPUT_EVENT, TOKENIZATION_REQUEST and the per-field commands.
 */
import Framebus from 'framebus';
import constants from 'braintree-web/hosted-fields/shared/constants';
import { CardForm } from './hosted-fields/card-form';
import { listenForCommands } from './hosted-fields/commands';
import { renderField } from './hosted-fields/field-view';
import { isFieldKey, type ClientConfiguration, type FieldKey, type HostedFieldFrame, type MerchantConfiguration } from './hosted-fields/protocol';
import { applyStyles } from './hosted-fields/styles';
import { tokenize, type TokenizeOptions } from './hosted-fields/tokenize';

const { events } = constants;
const FRAME_NAME_PREFIX = 'braintree-hosted-field-';

/** The frames of the same Hosted Fields instance: same origin, same channel (the URL's hash). */
function framesOf(channel: string): HostedFieldFrame[] {
  const found: HostedFieldFrame[] = [];
  const parent = window.parent;
  for (let index = 0; index < parent.length; index++) {
    try {
      const frame = parent[index];
      const hosted = frame.__paymentSandboxHostedField;
      if (frame.location.origin === location.origin && hosted?.channel === channel) found.push(hosted);
    } catch {
      // A frame from another origin: not one of ours.
    }
  }
  return found;
}

function orchestrate(bus: Framebus, channel: string, configuration: MerchantConfiguration): void {
  const form = new CardForm(configuration, (event, data) => bus.emit(event, data as Record<string, unknown>));
  for (const frame of framesOf(channel)) frame.attach(form);
  const client = new Promise<ClientConfiguration>((resolve) => bus.emit(events.READY_FOR_CLIENT, (reply) => resolve(reply as ClientConfiguration)));
  void client.then((configuration) => form.setClient(configuration));
  bus.on(events.TOKENIZATION_REQUEST, (options, reply) => {
    void tokenize(form, client, (options ?? {}) as TokenizeOptions).then(reply);
  });
}

function start(channel: string, fieldKey: FieldKey): void {
  const bus = new Framebus({ channel });
  let attached = false;
  window.__paymentSandboxHostedField = {
    fieldKey,
    channel,
    attach(form) {
      if (attached) return;
      attached = true;
      applyStyles(document, form.configuration.styles);
      listenForCommands(bus, fieldKey, renderField(document, fieldKey, form), form);
    },
  };
  bus.emit(events.FRAME_READY, { field: fieldKey }, (configuration) => orchestrate(bus, channel, configuration as MerchantConfiguration));
}

const channel = location.hash.slice(1);
const fieldKey = window.name.startsWith(FRAME_NAME_PREFIX) ? window.name.slice(FRAME_NAME_PREFIX.length) : '';
if (channel && isFieldKey(fieldKey)) start(channel, fieldKey);
