/**
 * # Digital River sandbox
 *
 * A local stand-in for Digital River (the merchant-of-record gateway `digital-river`): its server
 * API (checkouts, tax identifiers, sources, orders, fulfillments, refunds, customers, files) over plain HTTP/JSON, and
 * a DigitalRiver.js stand-in for the browser. Behaviour marked "Ours" in the code is the sandbox's
 * choice, not the provider's documented behaviour.
 *
 * Start: `startDigitalRiverSandbox({port?, host?, stateFile?, config?})` → `{url, port, context, config, close()}`,
 * or `node apps/payment-sandbox/dist/cli.js --provider digital-river [--port N] [--state-file PATH]`
 * (prints a line; when forked, sends `{type: 'listening', provider: 'digital-river', port, tlsPort: null, spki: null}` over IPC).
 *
 * ## Server API (base URL = the sandbox URL; JSON, camelCase; amounts in major units)
 * Auth: `Authorization: Bearer <secretKey>` (default `sk_test_sandbox_secret`; Basic `sk:` also
 * taken); else 401 `{type: 'unauthorized', errors: [{code: 'unauthorized', message}]}`.
 * Errors: `{type, errors: [{code, parameter?, message}]}`; type by status: 400 bad_request,
 * 401 unauthorized, 404 not_found, 405 method_not_allowed, 409 conflict, 503 service_unavailable.
 *
 * | Call | Body / query | Answer |
 * |---|---|---|
 * | POST /checkouts | `{currency, items: [{skuId \| productDetails, price \| aggregatePrice, quantity?, discount?: {percentOff \| amountOff, quantity?}, metadata?}], email?, locale?, customerId?, customerType?: individual \| business, taxInclusive?, billTo?: {name?, email?, phone?, organization?, address: {line1, line2?, city, postalCode, state?, country}}, taxIdentifiers?: [{id}], discount?: {percentOff \| amountOff}, upstreamId?, browserIp?, metadata?}` | 201 Checkout |
 * | GET /checkouts[?upstreamIds=&ids=&limit=] · GET /checkouts/{id} | | `{hasMore, data: [Checkout]}` · Checkout |
 * | POST /checkouts/{id} | any create field (items replace; `taxIdentifiers` replace; `discount: null` removes) | 200 Checkout (repriced) |
 * | DELETE /checkouts/{id} | | 204 |
 * | POST /checkouts/{id}/sources/{sourceId} | | 200 Source; it becomes the checkout's only (primary) source |
 * | DELETE /checkouts/{id}/sources/{sourceId} | | 204 |
 * | POST /tax-identifiers | `{type, value}` | 201 TaxIdentifier `{id, type, value, state, stateTransitions, applicability: [{country, entity, customerType}], createdTime, updatedTime, customerId?, liveMode}` |
 * | GET /tax-identifiers[?customerId=] · GET/DELETE /tax-identifiers/{id} | | list · TaxIdentifier · 204 |
 * | GET /sources/{id} | | Source `{id, clientSecret, type: 'creditCard', currency, amount, reusable, owner, creditCard: {brand, lastFourDigits, expirationMonth, expirationYear}, flow: 'standard', state: chargeable \| consumed \| failed \| cancelled, paymentSessionId, customerId?, liveMode}` |
 * | POST /orders | `{checkoutId}` (the rest is ignored, as the provider does: set `upstreamId` on the checkout) | 201 Order, or 409 decline, see below |
 * | GET /orders/{id} · GET /orders?upstreamIds=a,b&ids=&checkoutId=&limit= | | Order · `{hasMore, data: [Order]}` newest first |
 * | POST /fulfillments | `{orderId, upstreamId?, items: [{itemId, quantity?, cancelQuantity?}]}` | 201 Fulfillment; every item cancelled → order and charge `cancelled`; every item done, some fulfilled → order `fulfilled`, charge `complete`; more than an item's open quantity → 400 `invalid_parameter` (Ours) |
 * | GET /fulfillments[?orderId=] | | `{hasMore, data: [Fulfillment]}` newest first |
 * | POST /refunds | `{orderId, currency, amount \| percent \| items: [{itemId, quantity?, amount?}], reason?, metadata?}` (type: only non-product types, which have nothing to give back here) | 201 Refund `{id, orderId, currency, amount, refundedAmount, percent?, items, reason?, state: 'pending', stateTransitions, metadata?, liveMode}`; more than captured less earlier refunds → 400 `invalid_parameter`; see refunds.ts |
 * | GET /refunds/{id} · GET /refunds?orderId=&limit= | | Refund · `{hasMore, data: [Refund]}` newest first; pending → succeeded after `refundsSucceedAfterMs` (0: at the next call) or by the control |
 * | POST /customers · GET/POST/DELETE /customers/{id} | `{id?, email?, type?, locale?, enabled?, metadata?, taxCertificate?: {companyName, taxAuthority, startDate, endDate, fileId}}` (an update's taxCertificate is added to `taxCertificates`) | Customer `{id, email, type, taxCertificates, taxIdentifiers, sources, enabled, …}` |
 * | POST /customers/{id}/tax-identifiers/{taxId} · POST/DELETE /customers/{id}/sources/{sourceId} | | TaxIdentifier · Source (reusable) · 204 |
 * | POST /files · GET /files/{id} | multipart `file`, `purpose` (e.g. `tax_document_customer_upload`), `fileName?`, `title?` (or JSON with `file` in base64 and `fileName`) | 201 `{id, fileName, purpose, size, type, createdTime, liveMode}` |
 *
 * Checkout: `{id, createdTime, updatedTime, customerId?, currency, email, locale, billTo, items:
 * [{id, skuId | productDetails, amount, quantity, tax: {rate, amount}, discount?, importerTax, duties, fees, metadata?}],
 * subtotal, totalTax, totalDiscount, totalFees: 0, totalDuty: 0, totalShipping: 0, totalImporterTax: 0,
 * totalAmount, taxInclusive, discount?, taxIdentifiers: [TaxIdentifier], customerType,
 * sellingEntity: {id, name}, payment: {sources: [Source], session: {id, clientSecret,
 * amountContributed, amountRemainingToBeContributed, state: requires_source | requires_confirmation | complete}},
 * upstreamId?, metadata?, liveMode: false}`. `tax.rate` is a fraction (0.19). Tax-exclusive
 * (default): `amount` = price × quantity − discounts, tax added. `taxInclusive: true`: tax taken out
 * of the prices, `amount` is the pre-tax part. `subtotal` = Σ amount, `totalAmount` = subtotal + totalTax.
 *
 * Order: the checkout's priced fields plus `{id (numeric), checkoutId, upstreamId, state: 'accepted',
 * stateTransitions, fraudState: 'passed', fraudStateTransitions, items[].state: 'created',
 * payment: {sources, charges: [{id, amount, currency, state: 'capturable', captured: false, sourceId, orderId, paymentSessionId, type: 'customer_initiated'}], session: {state: 'complete', …}},
 * capturedAmount, refundedAmount, availableToRefundAmount, liveMode}`.
 *
 * Order refusals: no checkoutId 400 missing_parameter; unknown checkout 404; no bill-to 400
 * missing_parameter billTo; no chargeable source 400 `order_submit_failed` "Payment session status
 * is invalid."; declined charge 409 `{type: 'conflict', errors: [{code: 'failed-request', message:
 * 'Failed to charge source.'}]}` (the source becomes `failed`; attach a new source to the same
 * checkout and order again, or build a new checkout with the same upstreamId; config
 * `checkoutReusableAfterDecline: false` refuses the first way with 409 `checkout_not_reusable`);
 * a converted checkout 409 `order_exists` (Ours) for POST /orders, updates and source changes.
 *
 * ## Tax (Ours: rates rounded, for tests), by `billTo.address.country`
 * GB 20, IE 23, DE 19, FR 20, NL 21, BE 21, IT 22, ES 21, AT 20, PT 23, PL 23, SE/DK/NO 25, FI 25.5,
 * LU 17, CH 8.1, other EU standard rates; MX 16, JP 10, AU 10, NZ 15, CA 5, SG 9, IN 18, KR 10,
 * ZA 15; US by state: NY 8.875, WA 10.1, TX 8.25, PA 6, CT 6.35, NJ 6.625, OH 5.75, TN 9.55, UT 7.19,
 * AZ 8.6, MN 7.525, every other state 0; every other country 0. Zero tax when:
 * - reverse charge: `customerType: 'business'`, an attached tax identifier that applies (its
 *   type's country = bill-to country, business type, seller in its `applicability`) and is
 *   `verified` or `pending` (the provider treats pending as verified), and the bill-to country is
 *   not the seller's own (IE for Digital River Ireland, GB for Digital River UK, US for Inc.);
 * - US exemption (the provider's rule for digital goods): the checkout's `customerId` has a
 *   `taxCertificates` entry whose `taxAuthority` equals `billTo.address.state` and whose
 *   startDate ≤ today ≤ endDate (billTo country US or a US territory);
 * - Mexico (Ours): `customerType: 'business'` with bill-to country MX (individuals pay 16%).
 * Attaching a tax identifier that does not apply → 409 `invalid_parameter` "… is not applicable.";
 * a deleted one → 409 `not_found` (both as documented).
 *
 * Seller of record (Ours: by currency; the provider decides by bill-to country and contract):
 * USD → `{id: 'DR_INC-ENTITY', name: 'Digital River, Inc.'}`; GBP → `{id: 'DR_UK-ENTITY', name: 'Digital River UK'}`;
 * every other currency → `{id: 'DR_IRELAND-ENTITY', name: 'Digital River Ireland Ltd.'}`.
 *
 * ## Test values
 * Tax identifiers (`type` lower-case country code: de, uk, fr, it, it_natural, nl, ie, be, es, at,
 * se, dk, pl, pt, fi, …, ch, no, au, nz, ca, mx, mx_natural; value checked against the type's
 * format, else 400 `invalid_parameter` on `value` "Tax identifier '…' invalid."):
 * - verified (the provider's test values): de `DE123456789`, `DE000000000`; be `BE1234567890`,
 *   `BE0000000000`; it / it_natural `IT12345678901`, `IT00000000000`;
 * - not_valid (Ours): any well-formed value ending in 999, e.g. `DE999999999`;
 * - pending (Ours): any other well-formed value, e.g. `DE111111111`, `GB123456789`.
 * Cards (the provider's test numbers; any future expiry; security code 3 digits, 4 for Amex):
 * - approve: Visa `4444 2222 3333 1111` (CVV 123), Mastercard `5466 1600 0000 0008`, Amex
 *   `3434 567890 12341`, Discover `6011 9876 9876 9876`, JCB `3528 9876 9876 9879`, Diners
 *   `3034 567890 1235`, UnionPay `6226 2200 0000 0009`; Ours: any other Luhn-valid number;
 * - source creation fails: `4000 0000 0000 3295` (the drop-in's onError gets `source_creation_failed`);
 * - charge declined at POST /orders: `4000 0000 0000 3600` (409 `failed-request`).
 *
 * ## Browser (the page loads this instead of https://js.digitalriverws.com/v1/…)
 * - `GET /v1/DigitalRiver.js`: our stand-in, `new DigitalRiver(publicKey, {locale})` (public key
 *   default `pk_test_sandbox_public`) with createDropin, createElement('taxidentifier'),
 *   createSource, authenticateSource (→ `{status: 'complete'}`), retrieveAvailablePaymentMethods.
 *   It finds the sandbox from its own script URL's origin. Built by `node tools/build.mjs`
 *   (dist/browser/digital-river.js); 503 text until built.
 * - `GET /v1/css/DigitalRiver.css`: its styles. The page's CSP must allow the sandbox origin in
 *   script-src, style-src and connect-src.
 * - Its calls (Ours, public key, CORS): GET /__drjs/sessions/{sessionId}, GET
 *   /__drjs/tax-identifier-types?sessionId=…, POST /__drjs/sources.
 *
 * ## Controls (Ours, no key): see control.ts
 * POST /__sandbox/reset · GET /__sandbox/health · POST /__sandbox/force `{resource: checkouts |
 * orders | fulfillments | refunds | tax-identifiers | sources | customers | files | drjs | *, method?, fail?:
 * service_unavailable | declined (orders only), delayMs?, times? (1)}` (503 without doing the call,
 * or the call done and its answer held delayMs; GET lists, DELETE clears) · POST /__sandbox/drop-in
 * `{hang: true}` (the drop-in stays on "Loading…" and never calls onReady, until `{hang: false}` or
 * reset) · GET /__sandbox/orders?upstreamId=… (order summaries) · POST /__sandbox/refunds/{id}
 * `{state: 'succeeded' | 'failed', failureReason?}` (a pending refund moved on).
 *
 * State: in memory, or in `stateFile` (JSON, written atomically after each change).
 */
export { startDigitalRiverSandbox, type DigitalRiverSandboxOptions, type RunningDigitalRiverSandbox } from './server';
export { DEFAULT_DIGITAL_RIVER_CONFIG, type DigitalRiverConfig, type DigitalRiverContext } from './context';
export { DigitalRiverStore } from './store';
export type { DigitalRiverState } from './model';
export { DIGITAL_RIVER_TEST_CARDS } from './cards';
export { COUNTRY_TAX_RATES, SELLING_ENTITIES, US_STATE_TAX_RATES, VERIFIED_TEST_TAX_IDENTIFIERS } from './tax';
export { SCRIPT_PATH as DIGITAL_RIVER_SCRIPT_PATH, STYLESHEET_PATH as DIGITAL_RIVER_STYLESHEET_PATH } from './assets';
export { clientFor as digitalRiverClient, type Answer as DigitalRiverAnswer } from './test-client';
