import { CARD_GATEWAY } from '@store/domain';
import type { Client } from 'braintree-web/client';
import type { HostedFieldKey, HostedFields } from 'braintree-web/hosted-fields';
import type { ThreeDSecure } from 'braintree-web/three-d-secure';
import type { VaultedPaymentMethod } from 'braintree-web/vault-manager';
import { yieldToMain } from '../../../../lib/yield-to-main';
import { importWithinLimit, withLoadLimit } from '../../load-limit';
import { providerLoading } from '../../loaded-provider';

/** The card fields the form shows, each in the gateway's own frame (the number never touches our page). */
export type CardFieldKey = Extract<HostedFieldKey, 'number' | 'expirationMonth' | 'expirationYear' | 'cvv'>;
export const CARD_FIELDS: readonly CardFieldKey[] = ['number', 'expirationMonth', 'expirationYear', 'cvv'];

export interface CardGatewayClient {
  readonly client: Client;
  readonly threeDSecure: ThreeDSecure | null;
  /** Device data for the gateway's fraud checks, when collected (null if the collector failed: not fatal). */
  readonly deviceData: string | null;
  /** The customer's vaulted cards and PayPal accounts, each with a fresh single-use nonce. */
  vaultedPaymentMethods(): Promise<VaultedPaymentMethod[]>;
  /** The card form in the given containers. */
  hostedFields(containers: Readonly<Record<CardFieldKey, string>>): Promise<HostedFields>;
  /**
   * A saved card's security code typed again: a form of the gateway's with only its cvv field, whose
   * tokenize gives a nonce carrying the code alone. `length` is the code's for the card's brand.
   */
  securityCodeField(container: string, options: { readonly length: 3 | 4; readonly label: string }): Promise<HostedFields>;
  /** Tears down one part made by this client (the card form when it leaves the page), once. */
  release(part: Teardownable): Promise<void>;
  teardown(): Promise<void>;
}

interface Teardownable {
  teardown(): Promise<void>;
}

/** The text inside the gateway's frames, as in the page's own fields. */
const FIELD_STYLES = { input: { 'font-size': '16px', 'font-family': 'system-ui, sans-serif', color: '#1a1a1a' }, ':focus': { color: '#000' } };

/** Where braintree-web puts one field's frame (and the class names saying the field is focused or invalid). */
function frameHolder(): HTMLDivElement {
  const holder = document.createElement('div');
  holder.className = 'hosted-field__frame';
  return holder;
}

/** braintree-web throws (not rejects) when a part is torn down twice: never let that reach React. */
function safely(part: Teardownable): Promise<void> {
  try {
    return part.teardown().catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

/**
 * Loads braintree-web (its own chunk, only when a shopper reaches card payment) and sets up the
 * client, 3-D Secure 2 and device data collection as the checkout's settings say. The modules download
 * together; each component is made in a task of its own, the browser getting a turn in between
 * (issue 12: on a phone-speed CPU they were one long task that held off input).
 */
export async function setUpCardGateway(options: {
  readonly clientToken: string;
  readonly threeDSecure: boolean;
  readonly collectDeviceData: boolean;
  /** Spec 2 §9: how long the code, and each component made with the gateway, may take to arrive. */
  readonly loadLimitMs: number;
}): Promise<CardGatewayClient> {
  const limited = <T>(loading: Promise<T>, what: string) => withLoadLimit(loading, options.loadLimitMs, what);
  providerLoading(CARD_GATEWAY.key);
  const [clientModule, hostedFieldsModule, threeDSecureModule, dataCollectorModule, vaultManagerModule] = await importWithinLimit(
    Promise.all([
      import('braintree-web/client'),
      import('braintree-web/hosted-fields'),
      import('braintree-web/three-d-secure'),
      import('braintree-web/data-collector'),
      import('braintree-web/vault-manager'),
    ]),
    options.loadLimitMs,
    "The card gateway's code",
  );
  await yieldToMain();
  // client.create fetches the gateway's configuration: a hung answer must not hold the page either.
  const client = await limited(clientModule.create({ authorization: options.clientToken }), "The card gateway's client");
  await yieldToMain();
  const threeDSecure = options.threeDSecure ? await limited(threeDSecureModule.create({ client, version: 2 }), '3-D Secure') : null;
  let deviceData: string | null = null;
  if (options.collectDeviceData) {
    await yieldToMain();
    try {
      deviceData = (await limited(dataCollectorModule.create({ client }), 'The device data collector')).deviceData;
    } catch {
      // The fraud checks then go without it; the shopper can still pay.
      deviceData = null;
    }
  }
  const parts = new Set<Teardownable>();
  let finished = false;
  return {
    client,
    threeDSecure,
    deviceData,
    async vaultedPaymentMethods() {
      const manager = await vaultManagerModule.create({ client });
      parts.add(manager);
      return manager.fetchPaymentMethods({ defaultFirst: true });
    },
    async hostedFields(containers) {
      // The gateway's four frames each cost the page a document of its own when they join it (some
      // 10 ms apiece on a phone-speed CPU, all in braintree-web's one call: issue 12). They are made
      // inside holders of ours, outside the page, and each holder then takes its place in the form
      // in a task of its own, so the browser gets a turn between them.
      const holders = Object.fromEntries(CARD_FIELDS.map((key) => [key, frameHolder()])) as Record<CardFieldKey, HTMLDivElement>;
      const creating = hostedFieldsModule.create({
        client,
        fields: {
          number: { container: holders.number, placeholder: '1234 1234 1234 1234' },
          expirationMonth: { container: holders.expirationMonth, placeholder: 'MM' },
          expirationYear: { container: holders.expirationYear, placeholder: 'YYYY' },
          cvv: { container: holders.cvv, placeholder: '123' },
        },
        styles: FIELD_STYLES,
      });
      // A failure to make them is the caller's to see, not an unhandled rejection while we place them.
      creating.catch(() => undefined);
      for (const key of CARD_FIELDS) {
        await yieldToMain();
        const container = document.getElementById(containers[key]);
        // Gone (the form left the page meanwhile): the frames never load, and braintree-web gives up on them.
        if (!container) throw new Error(`The card form's container #${containers[key]} is not on the page.`);
        // A form set up again (a new gateway client) takes the place of the frames it had.
        container.replaceChildren(holders[key]);
      }
      const fields = await creating;
      parts.add(fields);
      return fields;
    },
    async securityCodeField(container, { length, label }) {
      const holder = frameHolder();
      const creating = hostedFieldsModule.create({
        client,
        // minlength and maxlength both the brand's length: braintree-web's frame then takes only that many digits.
        fields: { cvv: { container: holder, placeholder: '1234'.slice(0, length), minlength: length, maxlength: length, internalLabel: label } },
        styles: FIELD_STYLES,
      });
      creating.catch(() => undefined);
      await yieldToMain();
      const target = document.getElementById(container);
      if (!target) throw new Error(`The security code's container #${container} is not on the page.`);
      target.replaceChildren(holder);
      const fields = await creating;
      parts.add(fields);
      return fields;
    },
    async release(part) {
      if (!parts.delete(part)) return;
      await safely(part);
    },
    async teardown() {
      if (finished) return;
      finished = true;
      const all = [...parts, ...(threeDSecure ? [threeDSecure] : []), client];
      parts.clear();
      await Promise.all(all.map(safely));
    },
  };
}
