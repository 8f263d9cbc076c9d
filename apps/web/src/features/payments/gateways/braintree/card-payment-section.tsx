import {
  basketAnalytics,
  CARD_GATEWAY,
  CARD_GATEWAY_OPTION_METHOD,
  CARD_GATEWAY_OPTION_LABELS,
  cardClientErrorCode,
  defaultCardGatewayOption,
  ErrorCatalogue,
  money,
  threeDSecureAllowsPayment,
  toDecimalString,
  type BasketJson,
  type CardCheckoutJson,
  type CardGatewayOption,
  type CustomerJson,
  type PaymentMethodType,
} from '@store/domain';
import { Amount } from '@store/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useAppUi } from '../../../../lib/app-ui';
import { useConsent } from '../../../consent';
import { ChargeNote, usePlaceOrder } from '../../../orders';
import { useWithdrawalConsent } from '../../components/withdrawal-consent-box';
import { loadLimitOf } from '../../load-limit';
import type { CardGatewayClient } from './card-gateway-client';
import type { CardGatewayMethod, MethodPayment, SavedCardPaid } from './method';
import { CARD_GATEWAY_METHODS, offeredInOrder } from './methods';
import type { SavedRefusals } from './methods/saved-methods/saved-methods';
import { setUpMethods, type MethodInstances } from './set-up-methods';

export interface CardPaymentSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson;
  readonly locale: string;
  readonly checkout: CardCheckoutJson;
  readonly gateway: CardGatewayClient;
  /** EU, EEA and UK consumers agree to immediate supply before paying. */
  readonly consentRequired: boolean;
}

/** A braintree-web error (it carries a code), told from our own ApiError and anything else. */
const providerCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof (error as { code: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * The card gateway's payment section (spec 2 §2, §4, §5): the total, 'Choose your payment method'
 * listing the registry's methods offered for this basket in the spec's order, then the chosen
 * method. The section owns what the methods share: one payment at a time, the immediate-supply
 * consent, 3-D Secure and placing the order.
 */
export function CardPaymentSection({ basket, customer, locale, checkout, gateway, consentRequired }: CardPaymentSectionProps) {
  const { notify } = useAppUi();
  const { track } = useConsent();
  const { place, chargeNote, keepOrderNumber, shownBilling } = usePlaceOrder();
  const consent = useWithdrawalConsent(consentRequired);
  const [busy, setBusy] = useState(false);
  // Read at the click itself: a second click before React re-renders must not start a second payment.
  const localBusy = useRef(false);
  const [savedRefusals, setSavedRefusals] = useState<SavedRefusals>({});
  const [instances, setInstances] = useState<MethodInstances>({});
  const [chosen, setChosen] = useState<CardGatewayOption | null>(null);
  // Once settled it stays so: a retried card form does not set the other methods up a second time.
  const [formSettled, setFormSettled] = useState(false);
  const settled = useCallback(() => setFormSettled(true), []);
  const total = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  // What the card or wallet is charged: the total less what a voucher pays.
  const toPay = basket.pricing.amount_to_pay ?? total.gross;
  const country = customer.billing?.country ?? '';
  const currency = total.gross.currency;
  const loadLimitMs = loadLimitOf(checkout.script_load_timeout_ms);

  // The methods with a set-up of their own, once the card form is made (or could not be): the form
  // comes first, and the set-ups never share the main thread.
  useEffect(() => {
    if (!formSettled) return;
    let cancelled = false;
    void setUpMethods(CARD_GATEWAY_METHODS, gateway.client, { checkout, currency, loadLimitMs }).then((made) => !cancelled && setInstances(made));
    return () => {
      cancelled = true;
    };
  }, [gateway, checkout, currency, formSettled, loadLimitMs]);

  const facts = { checkout, country, currency, locale, savedRefusals };
  const keysWhere = (test: (method: CardGatewayMethod) => boolean | undefined) => new Set(CARD_GATEWAY_METHODS.filter(test).map((method) => method.key));
  const options = offeredInOrder(
    keysWhere((method) => method.offered(facts, instances[method.key] ?? null)),
    keysWhere((method) => method.preferred?.(instances[method.key] ?? null)),
  );
  const option = chosen && options.includes(chosen) ? chosen : defaultCardGatewayOption(options);

  /**
   * PLACE_ORDER with the gateway's nonce (spec 2 §7), or naming a saved method (its nonce, if any, is
   * then the saved card's); a refusal is shown by the place-order hook.
   */
  const placeWith = (nonce: string | null, type: PaymentMethodType, vault: boolean, paid: BasketJson = basket, saved?: SavedCardPaid) =>
    place(
      {
        basket_reference_id: paid.reference,
        basket_stale_hash: paid.stale_hash,
        // The amount shown and verified, from the same read as the hash: charged as it is, or refused.
        amount: paid.pricing.formatted_total_for_3d_verification,
        customer_public_id: customer.public_id,
        gateway: CARD_GATEWAY.key,
        payment_facilitator: CARD_GATEWAY.key,
        payment_method_type: type,
        locale,
        ...(nonce !== null ? { token: nonce } : {}),
        ...(saved ? { saved_method: saved.reference } : {}),
        ...(saved?.cvvToken ? { saved_card_cvv_token: saved.cvvToken } : {}),
        ...(gateway.deviceData ? { bt_device_data: gateway.deviceData } : {}),
        vault_payment_method: vault,
        withdrawal_consent: consent.value,
      },
      'retail-order',
    );

  /**
   * 3-D Secure 2 for a card's nonce (spec 2 §4): the verified nonce, or null once the shopper has
   * been told why not. A cardholder who closes the bank's check gets an unshifted result like a
   * failed check; the library says which it was only by an event, and the shopper hears their own choice.
   */
  const threeDSecured = async (nonce: string, bin: string): Promise<string | null> => {
    const threeDSecure = gateway.threeDSecure;
    if (!threeDSecure) return nonce;
    let canceled = false;
    const onCanceled = () => {
      canceled = true;
    };
    threeDSecure.on('customer-canceled', onCanceled);
    const verified = await threeDSecure
      .verifyCard({
        nonce,
        bin,
        amount: basket.pricing.formatted_total_for_3d_verification,
        email: customer.email,
        billingAddress: {
          givenName: customer.first_name,
          surname: customer.last_name,
          postalCode: customer.billing?.postal_code ?? undefined,
          countryCodeAlpha2: customer.billing?.country ?? undefined,
        },
        collectDeviceData: true,
        onLookupComplete: (_data, next) => next(),
      })
      .finally(() => threeDSecure.off('customer-canceled', onCanceled));
    if (threeDSecureAllowsPayment(verified)) return verified.nonce;
    notify(canceled ? ErrorCatalogue.THREE_D_SECURE_CANCELED.code : ErrorCatalogue.THREE_D_SECURE_FAILED.code);
    return null;
  };

  /** Paying and its refused order's code: already shown by the place-order call; anything else is an unplaced order. */
  const placing = async (pay: () => Promise<void>): Promise<number | null> => {
    if (busy || !consent.check()) return null;
    setBusy(true);
    try {
      await pay();
    } catch (error) {
      if (error instanceof ApiError) return error.code;
      notify(ErrorCatalogue.ORDER_FAILED.code);
    } finally {
      setBusy(false);
    }
    return null;
  };

  /** What one method pays with: the section's shared steps, under that method's label and (unless told another) its type. */
  const paymentFor = (method: CardGatewayMethod, type: PaymentMethodType = CARD_GATEWAY_OPTION_METHOD[method.key]): MethodPayment => {
    const trackChoice = () => {
      track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS[method.key] });
    };
    return {
      busy,
      consented: () => consent.check(),
      track: trackChoice,
      payByCard: async (tokenize, vault, unexplained) => {
        if (busy || !consent.check()) return null;
        setBusy(true);
        try {
          const tokenized = await tokenize();
          if (!tokenized) return null;
          const nonce = await threeDSecured(tokenized.nonce, tokenized.bin);
          if (nonce === null) return null;
          await placeWith(nonce, type, vault, basket, tokenized.saved);
        } catch (error) {
          // Already shown by the place-order call; the method hears which refusal it was.
          if (error instanceof ApiError) return error.code;
          const code = cardClientErrorCode(providerCode(error));
          if (code !== null) notify(code);
          else unexplained?.();
        } finally {
          setBusy(false);
        }
        return null;
      },
      payWithNonce: (nonceOf, vault = false) =>
        placing(async () => {
          trackChoice();
          const nonce = await nonceOf();
          if (nonce !== null) await placeWith(nonce, type, vault);
        }),
      payWithSaved: (reference) =>
        placing(async () => {
          trackChoice();
          await placeWith(null, type, false, basket, { reference });
        }),
      as: (other) => paymentFor(method, other),
      wallet: (saveAccount = false) => ({
        amount: toDecimalString(money(toPay.amount_minor, toPay.currency)),
        currency,
        country,
        ready: () => {
          if (!consent.check()) return false;
          trackChoice();
          return true;
        },
        saveAccount,
        onNonce: (nonce, paid) => {
          setBusy(true);
          placeWith(nonce, type, saveAccount, paid)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        },
        onFailure: (code) => {
          if (code !== null) notify(code);
        },
      }),
      savedRefusals,
      refuseSaved: (reference, refusal) => setSavedRefusals((current) => ({ ...current, [reference]: refusal })),
      local: {
        amount: toDecimalString(money(toPay.amount_minor, toPay.currency)),
        currency,
        begin: () => {
          // One local payment at a time across the section (spec 3 §4), and none beside another payment.
          if (busy || localBusy.current || !consent.check()) return false;
          localBusy.current = true;
          setBusy(true);
          trackChoice();
          return true;
        },
        end: () => {
          localBusy.current = false;
          setBusy(false);
        },
        fields: () => {
          const billing = shownBilling();
          return {
            basket_reference_id: basket.reference,
            basket_stale_hash: basket.stale_hash,
            customer_public_id: customer.public_id,
            gateway: CARD_GATEWAY.key,
            locale,
            amount: basket.pricing.formatted_total_for_3d_verification,
            withdrawal_consent: consent.value,
            ...(billing ? { billing_address: billing } : {}),
          };
        },
        keepOrderNumber,
        placeWithNonce: (nonce, orderNumber) =>
          place(
            {
              basket_reference_id: basket.reference,
              basket_stale_hash: basket.stale_hash,
              amount: basket.pricing.formatted_total_for_3d_verification,
              customer_public_id: customer.public_id,
              gateway: CARD_GATEWAY.key,
              payment_facilitator: CARD_GATEWAY.key,
              payment_method_type: type,
              locale,
              token: nonce,
              ...(gateway.deviceData ? { bt_device_data: gateway.deviceData } : {}),
              vault_payment_method: false,
              withdrawal_consent: consent.value,
              existing_order_number: orderNumber,
            },
            'retail-order',
          ),
      },
    };
  };

  return (
    <div className="card-payment">
      <p className="total-box" data-testid="payment-total">
        <span>Total to pay</span> <strong><Amount value={toPay} locale={locale} /></strong>
      </p>
      <ChargeNote note={chargeNote} />
      <fieldset className="choice-group payment-methods">
        <legend>Choose your payment method</legend>
        {options.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="payment-method" value={value} checked={option === value} onChange={() => setChosen(value)} />{' '}
            {CARD_GATEWAY_OPTION_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {/* Before every way to pay, once: the wallets' own buttons start paying at the first click. */}
      {consent.box}
      {CARD_GATEWAY_METHODS.map((method) => (
        <method.Component
          key={method.key}
          customer={customer}
          basket={basket}
          locale={locale}
          checkout={checkout}
          gateway={gateway}
          loadLimitMs={loadLimitMs}
          instance={instances[method.key] ?? null}
          instances={instances}
          chosen={option === method.key}
          payment={paymentFor(method)}
          settled={settled}
        />
      ))}
    </div>
  );
}
