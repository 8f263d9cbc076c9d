import { CARD_GATEWAY_OPTION_ORDER, COMPLIMENTARY_GATEWAY, PAYING_GATEWAYS } from '@store/domain';
import { CARD_GATEWAY_METHODS, offeredInOrder } from './braintree/methods';
import { PAYMENT_GATEWAYS, paymentGateway } from '.';

// The web registries are keyed on the domain's descriptors: a gateway or method the domain gains
// without its web plugin (or registered twice) fails here, not in a shopper's checkout.
describe('the payment registries', () => {
  it('register each paying gateway of the domain once, and nothing for a complimentary order', () => {
    expect(PAYMENT_GATEWAYS.map((gateway) => gateway.descriptor.key).sort()).toEqual(PAYING_GATEWAYS.map((gateway) => gateway.key).sort());
    for (const descriptor of PAYING_GATEWAYS) expect(paymentGateway(descriptor.key)?.descriptor).toBe(descriptor);
    expect(paymentGateway(COMPLIMENTARY_GATEWAY.key)).toBeUndefined();
    expect(paymentGateway(null)).toBeUndefined();
  });

  it("register each of the card gateway's options once", () => {
    expect(CARD_GATEWAY_METHODS.map((method) => method.key).sort()).toEqual([...CARD_GATEWAY_OPTION_ORDER].sort());
  });

  it("list what is offered in the spec's order, a preferred method first", () => {
    const everything = new Set(CARD_GATEWAY_OPTION_ORDER);
    expect(offeredInOrder(everything, new Set())).toEqual(CARD_GATEWAY_OPTION_ORDER);
    expect(offeredInOrder(new Set(['google-pay', 'card', 'saved-card'] as const), new Set())).toEqual(['saved-card', 'card', 'google-pay']);
    expect(offeredInOrder(everything, new Set(['paypal'] as const))[0]).toBe('paypal');
    // Preferred but not offered: not listed at all.
    expect(offeredInOrder(new Set(['card'] as const), new Set(['paypal'] as const))).toEqual(['card']);
  });
});
