import {
  availableCardGatewayOptions,
  basketAnalytics,
  CARD_GATEWAY_OPTION_LABELS,
  cardClientErrorCode,
  cardFieldMessage,
  cardholderNameMessage,
  defaultCardGatewayOption,
  ErrorCatalogue,
  isApplePayEnabled,
  isGooglePayEnabled,
  isPayPalEnabled,
  money,
  toDecimalString,
  walletCodesValid,
  offersSavedCard,
  savedCardLabel,
  securityCodeLabel,
  threeDSecureAllowsPayment,
  type BasketJson,
  type CardCheckoutJson,
  type CardField,
  type CardGatewayOption,
  type CustomerJson,
  type PaymentMethodType,
} from '@store/domain';
import { Amount, Button } from '@store/ui';
import type { HostedFields, HostedFieldsState } from 'braintree-web/hosted-fields';
import { useEffect, useState, type ComponentType } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAppUi } from '../../../lib/app-ui';
import { useConsent } from '../../consent';
import { ChargeNote, usePlaceOrder } from '../../orders';
import { CARD_FIELDS, type CardGatewayClient } from '../braintree/card-gateway-client';
import { setUpWallets, type Wallets } from '../braintree/wallets';
import { importWithinLimit, loadLimitOf, withLoadLimit } from '../load-limit';
import { CARD_FIELD_CONTAINERS, CardForm } from './card-form';
import type { PayPalButtonProps } from './paypal-button';
import { PaymentMethodsProblem } from './payment-methods-problem';
import { useWithdrawalConsent } from './withdrawal-consent-box';
import { ApplePayButton, GooglePayButton, type WalletPayment } from './wallet-buttons';

/**
 * Spec 2 §7: the PayPal button is loaded lazily, as a chunk of its own, within the load limit
 * (spec 2 §9); past it the shopper hears 310001 and may retry (a new attempt, in the page).
 */
function usePayPalButton(wanted: boolean, limitMs: number) {
  const { notify } = useAppUi();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ readonly attempt: number; readonly button: ComponentType<PayPalButtonProps> | null }>({ attempt: -1, button: null });
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    importWithinLimit(import('./paypal-button'), limitMs, 'The PayPal button')
      .then((module) => !cancelled && setLoaded({ attempt, button: module.default }))
      .catch(() => {
        if (cancelled) return;
        setLoaded({ attempt, button: null });
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, limitMs, attempt, notify]);
  const status = loaded.attempt !== attempt ? 'loading' : loaded.button ? 'ready' : 'failed';
  return { status, Button: loaded.button, retry: () => setAttempt((current) => current + 1) } as const;
}

export interface CardPaymentSectionProps {
  readonly basket: BasketJson;
  readonly customer: CustomerJson;
  readonly locale: string;
  readonly checkout: CardCheckoutJson;
  readonly gateway: CardGatewayClient;
  /** EU, EEA and UK consumers agree to immediate supply before paying (issue 8). */
  readonly consentRequired: boolean;
}

type FieldMessages = Partial<Record<CardField, string | null>>;

const messagesFor = (state: HostedFieldsState, only?: CardField): FieldMessages => {
  const messages: FieldMessages = {};
  for (const field of only ? [only] : (CARD_FIELDS as CardField[])) {
    const data = state.fields[field];
    if (data) messages[field] = cardFieldMessage(field, data);
  }
  return messages;
};

/** A braintree-web error (it carries a code), told from our own ApiError and anything else. */
const providerCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof (error as { code: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * The card gateway's payment section (spec 2 §2, §4, §5): the total, 'Choose your payment method'
 * with the saved card first when it can be used, then a new card in the gateway's frames; paying
 * validates the fields, tokenizes, runs 3-D Secure 2 unless it is off, then places the order.
 */
export function CardPaymentSection({ basket, customer, locale, checkout, gateway, consentRequired }: CardPaymentSectionProps) {
  const { notify } = useAppUi();
  const { track } = useConsent();
  const { place, chargeNote } = usePlaceOrder();
  const [lastResponseCode, setLastResponseCode] = useState<number | null>(null);
  const savedCard = checkout.existing_card;
  const savedOffered = offersSavedCard({
    savedCard: checkout.existing_card_token && savedCard ? { token: checkout.existing_card_token, expired: savedCard.expired } : null,
    lastResponseCode,
  });
  const [wallets, setWallets] = useState<Wallets | null>(null);
  const total = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  // What the card or wallet is charged: the total less what a voucher pays.
  const toPay = basket.pricing.amount_to_pay ?? total.gross;
  const country = customer.billing?.country ?? '';
  const currency = total.gross.currency;
  const codesValid = walletCodesValid({ countryCode: country, currencyCode: currency, language: locale.slice(0, 2) });
  const options = availableCardGatewayOptions({
    savedCardOffered: savedOffered,
    applePayEnabled:
      codesValid &&
      Boolean(wallets?.applePay) &&
      isApplePayEnabled({ featureOn: checkout.wallets.apple_pay, country, disabledCountries: checkout.disabled_apple_pay_countries, canMakePayments: true }),
    payPalEnabled: Boolean(wallets?.payPal) && isPayPalEnabled({ featureOn: checkout.wallets.paypal, country, disabledCountries: checkout.disabled_paypal_countries }),
    googlePayEnabled:
      codesValid &&
      isGooglePayEnabled({
        featureOn: checkout.wallets.google_pay,
        country,
        disabledCountries: checkout.disabled_google_pay_countries,
        libraryPresent: Boolean(wallets?.googlePay),
      }),
    payPalPreferred: wallets?.payPalPreferred ?? false,
  });
  const [chosen, setChosen] = useState<CardGatewayOption | null>(null);
  const option = chosen && options.includes(chosen) ? chosen : defaultCardGatewayOption(options);
  const [fields, setFields] = useState<HostedFields | null>(null);
  const [fieldsFailed, setFieldsFailed] = useState(false);
  const [messages, setMessages] = useState<FieldMessages>({});
  const [cardType, setCardType] = useState<string | null>(null);
  const [cardholderName, setCardholderName] = useState('');
  const [cardholderError, setCardholderError] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [savePayPal, setSavePayPal] = useState(false);
  const savedPayPal = checkout.existing_paypal_account;
  const [savedPayPalUsable, setSavedPayPalUsable] = useState(true);
  const consent = useWithdrawalConsent(consentRequired);
  const [busy, setBusy] = useState(false);
  const loadLimitMs = loadLimitOf(checkout.script_load_timeout_ms);
  const [fieldsAttempt, setFieldsAttempt] = useState(0);

  // The card form's frames, once per gateway client; revalidated on blur, cleared on focus (spec 2 §5).
  useEffect(() => {
    let current: HostedFields | null = null;
    let cancelled = false;
    // The card form's frames are the gateway's own pages: they too may take only the load limit to arrive.
    const creating = gateway.hostedFields(CARD_FIELD_CONTAINERS);
    withLoadLimit(creating, loadLimitMs, 'The card form')
      .then((created) => {
        if (cancelled) return void gateway.release(created);
        current = created;
        created.on('blur', (state) => setMessages((previous) => ({ ...previous, ...messagesFor(state, state.emittedBy as CardField) })));
        created.on('focus', (state) => setMessages((previous) => ({ ...previous, [state.emittedBy]: null })));
        created.on('cardTypeChange', (state) => setCardType(state.cards.length === 1 ? state.cards[0].niceType : null));
        setFields(created);
      })
      .catch(() => {
        if (cancelled) return;
        setFieldsFailed(true);
        notify(ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code);
        // Frames that arrive after all are not used: the next attempt makes its own.
        creating.then((late) => void gateway.release(late)).catch(() => undefined);
      });
    return () => {
      cancelled = true;
      if (current) void gateway.release(current);
    };
  }, [gateway, loadLimitMs, fieldsAttempt, notify]);

  // The wallets whose flags are on, set up once the card form is (or could not be): the form comes
  // first, and the two set-ups never share the main thread (issue 12).
  // (Once settled it stays so: a retried card form does not set the wallets up a second time.)
  const cardFormSettled = fields !== null || fieldsFailed || fieldsAttempt > 0;
  useEffect(() => {
    if (!cardFormSettled) return;
    let cancelled = false;
    void setUpWallets(gateway.client, {
      applePay: checkout.wallets.apple_pay,
      googlePay: checkout.wallets.google_pay,
      payPal: checkout.wallets.paypal,
      currency,
      environment: checkout.environment,
      googleMerchantId: checkout.google_merchant_id,
      loadLimitMs,
    }).then((ready) => !cancelled && setWallets(ready));
    return () => {
      cancelled = true;
    };
  }, [gateway, checkout, currency, cardFormSettled, loadLimitMs]);
  const payPalButton = usePayPalButton(option === 'paypal' && Boolean(wallets?.payPal), loadLimitMs);


  /** PLACE_ORDER with the gateway's nonce (spec 2 §7); a refusal is shown by the place-order hook. */
  const placeWith = (nonce: string, method: PaymentMethodType, vault: boolean) =>
    place(
      {
        basket_reference_id: basket.reference,
        basket_stale_hash: basket.stale_hash,
        // The amount shown and verified, from the same read as the hash: charged as it is, or refused.
        amount: basket.pricing.formatted_total_for_3d_verification,
        customer_public_id: customer.public_id,
        gateway: 'braintree',
        payment_facilitator: 'braintree',
        payment_method_type: method,
        locale,
        token: nonce,
        ...(gateway.deviceData ? { bt_device_data: gateway.deviceData } : {}),
        vault_payment_method: vault,
        withdrawal_consent: consent.value,
      },
      'retail-order',
    );

  const walletPayment = (method: PaymentMethodType, saveAccount = false): WalletPayment => ({
    amount: toDecimalString(money(toPay.amount_minor, toPay.currency)),
    currency,
    country,
    ready: () => {
      if (!consent.check()) return false;
      track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS[method as CardGatewayOption] });
      return true;
    },
    saveAccount,
    onNonce: (nonce) => {
      setBusy(true);
      placeWith(nonce, method, saveAccount)
        .catch(() => undefined)
        .finally(() => setBusy(false));
    },
    onFailure: (code) => {
      if (code !== null) notify(code);
    },
  });

  const pay = async (kind: 'saved-card' | 'card') => {
    if (busy || !consent.check()) return;
    let nonce: string;
    let bin: string;
    setBusy(true);
    try {
      if (kind === 'card') {
        if (!fields) return;
        const state = fields.getState();
        const fieldMessages = messagesFor(state);
        const nameMessage = cardholderNameMessage(cardholderName, true);
        setMessages(fieldMessages);
        setCardholderError(nameMessage);
        const firstInvalid = (CARD_FIELDS as CardField[]).find((field) => fieldMessages[field]);
        if (nameMessage) return void document.querySelector<HTMLInputElement>('input[name="cardholderName"]')?.focus();
        if (firstInvalid) return void fields.focus(firstInvalid);
        track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS.card });
        const tokenized = await fields.tokenize({
          cardholderName: cardholderName.trim(),
          billingAddress: { postalCode: customer.billing?.postal_code ?? undefined, countryCodeAlpha2: customer.billing?.country ?? undefined },
        });
        nonce = tokenized.nonce;
        bin = tokenized.details.bin;
      } else {
        track('add_payment_info', { ...basketAnalytics(basket), payment_type: CARD_GATEWAY_OPTION_LABELS['saved-card'] });
        // The vault gives a fresh nonce for the saved card, so it can be 3-D Secured like a new one.
        const vaulted = await gateway.vaultedPaymentMethods();
        const match = vaulted.find((method) => method.type === 'CreditCard' && method.details.bin === checkout.existing_card_bin && method.details.lastFour === savedCard?.last4);
        if (!match) {
          setLastResponseCode(ErrorCatalogue.SAVED_CARD_INVALID.code);
          notify(ErrorCatalogue.SAVED_CARD_INVALID.code);
          return;
        }
        nonce = match.nonce;
        bin = match.details.bin ?? checkout.existing_card_bin ?? '';
      }
      if (gateway.threeDSecure) {
        // A cardholder who closes the bank's check gets an unshifted result like a failed check; the
        // library says which it was only by this event, and the shopper is told their own choice.
        let canceled = false;
        const onCanceled = () => {
          canceled = true;
        };
        gateway.threeDSecure.on('customer-canceled', onCanceled);
        const verified = await gateway.threeDSecure.verifyCard({
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
        }).finally(() => gateway.threeDSecure?.off('customer-canceled', onCanceled));
        if (!threeDSecureAllowsPayment(verified)) {
          notify(canceled ? ErrorCatalogue.THREE_D_SECURE_CANCELED.code : ErrorCatalogue.THREE_D_SECURE_FAILED.code);
          return;
        }
        nonce = verified.nonce;
      }
      await placeWith(nonce, 'card', kind === 'card' && saveCard);
    } catch (error) {
      if (error instanceof ApiError) {
        // Already shown by the place-order call; a saved card the gateway refused is not offered again.
        if (error.code === ErrorCatalogue.SAVED_CARD_INVALID.code) setLastResponseCode(error.code);
        return;
      }
      const code = cardClientErrorCode(providerCode(error));
      if (code === null && fields) setMessages(messagesFor(fields.getState()));
      else if (code !== null) notify(code);
    } finally {
      setBusy(false);
    }
  };

  /** The saved PayPal account: a fresh nonce from the vault, straight to placing the order (no approval again). */
  const payWithSavedPayPal = async () => {
    if (busy || !savedPayPal || !walletPayment('paypal').ready()) return;
    setBusy(true);
    try {
      const vaulted = await gateway.vaultedPaymentMethods();
      const match = vaulted.find((method) => method.type === 'PayPalAccount' && method.details.email === savedPayPal.email);
      if (!match) {
        setSavedPayPalUsable(false);
        notify(ErrorCatalogue.SAVED_PAYPAL_INVALID.code);
        return;
      }
      await placeWith(match.nonce, 'paypal', false);
    } catch (error) {
      if (!(error instanceof ApiError)) notify(ErrorCatalogue.ORDER_FAILED.code);
    } finally {
      setBusy(false);
    }
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
      {option === 'saved-card' && savedCard && (
        <p className="saved-card" data-testid="saved-card">
          {savedCardLabel(savedCard.card_type, savedCard.last4)}
        </p>
      )}
      <div hidden={option !== 'card'}>
        {fieldsFailed ? (
          <PaymentMethodsProblem
            onRetry={() => {
              setFieldsFailed(false);
              setFields(null);
              setFieldsAttempt((current) => current + 1);
            }}
          />
        ) : (
          <CardForm
            messages={messages}
            securityCodeLabel={securityCodeLabel(cardType)}
            cardType={cardType}
            cardholderName={cardholderName}
            cardholderError={cardholderError}
            onCardholderName={(value) => {
              setCardholderName(value);
              setCardholderError(null);
            }}
            saveCard={saveCard}
            onSaveCard={setSaveCard}
          />
        )}
      </div>
      {option === 'paypal' && wallets?.payPal && (
        <div className="paypal-payment">
          {savedPayPal && savedPayPalUsable && (
            <div className="saved-paypal" data-testid="saved-paypal">
              <p>
                Saved PayPal account: <strong>{savedPayPal.email}</strong>
              </p>
              <Button busy={busy} onClick={() => void payWithSavedPayPal()}>
                Pay with saved PayPal account
              </Button>
              <p>Or pay with another PayPal account:</p>
            </div>
          )}
          <label className="choice">
            <input type="checkbox" checked={savePayPal} onChange={(event) => setSavePayPal(event.target.checked)} /> Save this PayPal account for next time
          </label>
          {payPalButton.status === 'ready' && payPalButton.Button ? (
            <payPalButton.Button payPal={wallets.payPal} payment={walletPayment('paypal', savePayPal)} />
          ) : payPalButton.status === 'failed' ? (
            <PaymentMethodsProblem onRetry={payPalButton.retry} />
          ) : (
            <p role="status">Loading PayPal…</p>
          )}
        </div>
      )}
      {option === 'apple-pay' && wallets?.applePay && <ApplePayButton applePay={wallets.applePay} payment={walletPayment('apple-pay')} />}
      {option === 'google-pay' && wallets?.googlePay && <GooglePayButton googlePay={wallets.googlePay} payment={walletPayment('google-pay')} />}
      {option === 'saved-card' ? (
        <Button busy={busy} onClick={() => void pay('saved-card')}>
          Pay with saved card
        </Button>
      ) : option !== 'card' ? null : (
        <Button busy={busy || (!fields && !fieldsFailed)} disabled={fieldsFailed} onClick={() => void pay('card')}>
          Pay with card
        </Button>
      )}
    </div>
  );
}
