/*
 * Ours, not the provider's: the payment sandbox's stand-in for the script of braintree-web's UnionPay
 * Hosted Fields frame (`unionpay-hosted-fields-frame.html`, not published). The unionpay module opens
 * it, named `braintreeunionpayhostedfields_{channel}`, when it is given a Hosted Fields instance:
 * the card is in that instance's frames, which the merchant's page cannot read. This frame can
 * (same origin as the card frames), so it reads the card there and makes the module's own card
 * calls, braintree-web's UnionPay class with braintree-web's client, unchanged.
 */
import Framebus from 'framebus';
import Client from 'braintree-web/client/client';
import libConstants from 'braintree-web/lib/constants';
import UnionPay from 'braintree-web/unionpay/shared/unionpay';
import unionPayConstants from 'braintree-web/unionpay/shared/constants';
import unionPayErrors from 'braintree-web/unionpay/shared/errors';
import type { FieldKey } from './hosted-fields/protocol';
import { digitsOf, splitExpirationDate } from './hosted-fields/validation';

const { events, HOSTED_FIELDS_FRAME_NAME } = unionPayConstants;

/** What the merchant's page sends: the Hosted Fields instance as JSON, of which its bus's channel is what we need. */
interface HostedFieldsMessage {
  readonly hostedFields?: { readonly _bus?: { readonly channel?: string } };
  readonly mobile?: unknown;
  readonly enrollmentId?: unknown;
  readonly smsCode?: unknown;
}

interface BusError {
  readonly type: string;
  readonly code: string;
  readonly message: string;
}

type Reply = (answer: { err?: BusError; payload?: unknown }) => void;

/** The values typed into the card frames of the Hosted Fields instance on `channel`, by field. */
function cardValues(channel: string): Map<FieldKey, string> | null {
  const values = new Map<FieldKey, string>();
  const parent = window.parent;
  for (let index = 0; index < parent.length; index++) {
    try {
      const frame = parent[index];
      const hosted = frame.__paymentSandboxHostedField;
      if (frame.location.origin !== location.origin || hosted?.channel !== channel) continue;
      const input = frame.document.querySelector('input');
      if (input) values.set(hosted.fieldKey, input.value.trim());
    } catch {
      // A frame from another origin: not one of the card's.
    }
  }
  return values.has('number') ? values : null;
}

function cardOf(message: HostedFieldsMessage, withCvv: boolean) {
  const channel = message.hostedFields?._bus?.channel;
  const values = channel ? cardValues(channel) : null;
  if (!values) return null;
  const date = values.get('expirationDate');
  const { month, year } = date ? splitExpirationDate(date) : { month: values.get('expirationMonth'), year: values.get('expirationYear') };
  const cvv = withCvv ? values.get('cvv') : undefined;
  return {
    number: digitsOf(values.get('number') ?? ''),
    ...(month && year ? { expirationMonth: month, expirationYear: year } : {}),
    ...(cvv ? { cvv } : {}),
  };
}

const asBusError = (error: unknown): BusError => {
  const { type, code, message } = (error ?? {}) as Partial<BusError>;
  return { type: type ?? 'UNKNOWN', code: code ?? 'UNIONPAY_UNKNOWN', message: message ?? 'UnionPay failed.' };
};

function answer(reply: Reply, call: () => Promise<unknown> | null): void {
  const pending = call();
  if (!pending) return reply({ err: unionPayErrors.UNIONPAY_HOSTED_FIELDS_INSTANCE_REQUIRED });
  pending.then(
    (payload) => reply({ payload }),
    (error: unknown) => reply({ err: asBusError(error) }),
  );
}

function start(channel: string): void {
  const bus = new Framebus({ channel });
  bus.emit(libConstants.BUS_CONFIGURATION_REQUEST_EVENT, (configuration) => {
    const unionPay = new UnionPay({ client: new Client(configuration) });
    bus.on(events.HOSTED_FIELDS_FETCH_CAPABILITIES, (data, reply) => {
      answer(reply as Reply, () => {
        const card = cardOf(data as HostedFieldsMessage, false);
        return card && unionPay.fetchCapabilities({ card: { number: card.number } });
      });
    });
    bus.on(events.HOSTED_FIELDS_ENROLL, (data, reply) => {
      answer(reply as Reply, () => {
        const card = cardOf(data as HostedFieldsMessage, false);
        return card && unionPay.enroll({ card, mobile: (data as HostedFieldsMessage).mobile });
      });
    });
    bus.on(events.HOSTED_FIELDS_TOKENIZE, (data, reply) => {
      answer(reply as Reply, () => {
        const message = data as HostedFieldsMessage;
        const card = cardOf(message, true);
        return card && unionPay.tokenize({ card, enrollmentId: message.enrollmentId, smsCode: message.smsCode });
      });
    });
  });
}

const prefix = `${HOSTED_FIELDS_FRAME_NAME}_`;
if (window.name.startsWith(prefix)) start(window.name.slice(prefix.length));
