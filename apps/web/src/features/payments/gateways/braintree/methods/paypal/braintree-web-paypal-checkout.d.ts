// The parts of braintree-web 3.124.0's paypal-checkout module the PayPal button adds to the shared
// declaration: the cart (lineItems, amountBreakdown), PayPal Credit, updatePayment, the SDK's
// enable-funding, and the financing a Pay Later or Credit approval carries.
declare module 'braintree-web/paypal-checkout' {
  /** braintree-web's PayPalCheckout~lineItem. */
  export interface PayPalLineItem {
    readonly name: string;
    readonly kind: 'debit' | 'credit';
    readonly quantity: string;
    readonly unitAmount: string;
    readonly unitTaxAmount?: string;
    readonly description?: string;
    readonly productCode?: string;
  }
  export interface PayPalAmountBreakdown {
    readonly itemTotal: string;
    readonly taxTotal?: string;
    readonly shipping?: string;
    readonly handling?: string;
    readonly insurance?: string;
    readonly shippingDiscount?: string;
    readonly discount?: string;
  }
  interface PayPalMoney {
    readonly value: string;
    readonly currency: string;
  }
  export interface PayPalCreditFinancing {
    readonly totalCost: PayPalMoney;
    readonly term: number;
    readonly monthlyPayment: PayPalMoney;
    readonly totalInterest: PayPalMoney;
    readonly payerAcceptance: boolean;
    readonly cartAmountImmutable: boolean;
  }
  export interface PayPalTokenizePayload {
    /** Present when the payer paid with PayPal Credit or Pay Later. */
    creditFinancingOffered?: PayPalCreditFinancing;
  }
  export interface PayPalCheckout {
    loadPayPalSDK(options: { currency: string; intent?: string; components?: string; env?: 'sandbox'; 'enable-funding'?: string }): Promise<PayPalCheckout>;
    createPayment(options: {
      flow: 'checkout';
      amount: string;
      currency: string;
      intent?: 'capture' | 'authorize' | 'order';
      enableShippingAddress?: boolean;
      offerCredit?: boolean;
      lineItems?: readonly PayPalLineItem[];
      amountBreakdown?: PayPalAmountBreakdown;
      requestBillingAgreement?: boolean;
      billingAgreementDetails?: { description: string };
    }): Promise<string>;
    updatePayment(options: { paymentId: string; currency: string; amount?: string; lineItems?: readonly PayPalLineItem[]; amountBreakdown?: PayPalAmountBreakdown }): Promise<unknown>;
  }
}
