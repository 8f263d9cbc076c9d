// Billing's public face: the checkout's billing section and the gateway its address decides.
export { determineGateway } from './api/billing';
export { BillingSection } from './components/billing-section';
