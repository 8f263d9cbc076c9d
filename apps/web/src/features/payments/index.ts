// Payments' public face: the registry of gateways the checkout sets up and renders without naming
// one, the reload for a gateway change, and the saved payment methods of the account pages.
export { paymentGateway, usePaymentGatewaySetups } from './gateways';
export { SavedMethodsSettings } from './gateways/braintree/saved-methods-settings';
export { useGatewayReload } from './use-gateway-reload';
