// Payments' public face: the checkout's payment sections with the hooks that set their gateways up,
// and the saved card settings of the account pages.
export { CardPaymentSection } from './components/card-payment-section';
export { MerchantOfRecordSection } from './components/merchant-of-record-section';
export { PaymentMethodsProblem } from './components/payment-methods-problem';
export { SavedCardSettings } from './components/saved-card-settings';
export { useCardGatewaySetup } from './use-card-gateway-setup';
export { useGatewayReload } from './use-gateway-reload';
export { useMerchantOfRecord } from './use-merchant-of-record';
