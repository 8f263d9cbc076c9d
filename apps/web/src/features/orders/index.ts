// Orders' public face: placing an order (the checkout's last section, and the payment sections that
// place it) and the orders a customer has, shown by the account pages.
export { ChargeNote } from './charge-note';
export { OrderLines, OrderRefunds, orderTotal } from './order-lines';
export { cancelLocalPayment, startLocalPayment, useOrders, type LocalPaymentEnd, type OrderJson, type StartLocalPaymentInput } from './orders-api';
export { awaitsPayment, WAITING_FOR_PAYMENT } from './payment-wait';
export { awaitsBank, bankAccountShort, bankDebitReturned, WAITING_FOR_BANK } from './bank-debit-wait';
export { PlaceOrderSection } from './place-order-section';
export { usePlaceOrder } from './use-place-order';
