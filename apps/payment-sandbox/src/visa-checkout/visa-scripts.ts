/**
 * Ours, not Visa's: the two small browser scripts of the Visa Checkout stand-in, kept as plain
 * JavaScript served as they are (no bundle step: each is a few lines and uses nothing else).
 *
 * VISA_SDK_SOURCE stands in for Visa's sdk.js: `V.init(initOptions)`, `V.on(event, handler)` for
 * 'payment.success', 'payment.cancel' and 'payment.error', and `onVisaCheckoutReady()` called once
 * it has loaded. A click on an element with Visa's `v-button` class opens the lightbox, an
 * overlay dialog framing the lightbox page under Visa's checkout host (the SDK's host without
 * "-assets"), which posts its result back to the page.
 */
export const VISA_SDK_SOURCE = `/* Ours, not Visa's: the payment sandbox's stand-in for Visa Checkout's sdk.js (window.V). */
(function () {
  'use strict';
  var script = document.currentScript;
  var sdk = new URL(script && script.src ? script.src : 'https://sandbox-assets.secure.checkout.visa.com/');
  var lightboxOrigin = sdk.protocol + '//' + sdk.host.replace(/^sandbox-assets\\./, 'sandbox.').replace(/^assets\\./, '');
  var initOptions = null;
  var handlers = {};
  var overlay = null;
  var frame = null;
  var opener = null;

  function emit(name, payload, error) {
    var handler = handlers[name];
    if (typeof handler === 'function') handler(payload, error);
  }

  function close() {
    if (!overlay) return;
    window.removeEventListener('message', onMessage);
    overlay.remove();
    overlay = null;
    frame = null;
    if (opener && opener.isConnected) opener.focus();
    opener = null;
  }

  function onMessage(event) {
    if (!frame || event.origin !== lightboxOrigin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === 'payment.success') {
      close();
      emit('payment.success', data.payment);
    } else if (data.type === 'payment.cancel') {
      close();
      emit('payment.cancel', {});
    } else if (data.type === 'payment.error') {
      close();
      emit('payment.error', {}, { code: 'VISA_CHECKOUT_LIGHTBOX_ERROR', message: data.message || 'Visa Checkout failed.' });
    }
  }

  function open(button) {
    if (overlay || !initOptions) return;
    opener = button;
    var request = initOptions.paymentRequest || {};
    var src = new URL(${JSON.stringify('/wallet-services-web/__sandbox/visa-checkout/lightbox')}, lightboxOrigin);
    src.searchParams.set('apikey', initOptions.apikey || '');
    src.searchParams.set('encryptionKey', initOptions.encryptionKey || '');
    src.searchParams.set('total', request.total || request.subtotal || '');
    src.searchParams.set('currencyCode', request.currencyCode || '');
    src.searchParams.set('origin', location.origin);
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Visa Checkout');
    overlay.setAttribute('data-visa-checkout-lightbox', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.6);display:flex;align-items:center;justify-content:center';
    frame = document.createElement('iframe');
    frame.title = 'Visa Checkout';
    frame.src = src.href;
    frame.style.cssText = 'width:min(100vw,26rem);height:min(100vh,36rem);border:0;background:#fff';
    overlay.appendChild(frame);
    window.addEventListener('message', onMessage);
    document.body.appendChild(overlay);
    frame.focus();
  }

  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target.closest('.v-button') : null;
    if (target && !target.disabled) open(target);
  });

  window.V = {
    init: function (options) {
      initOptions = options;
    },
    on: function (name, handler) {
      handlers[name] = handler;
    },
  };
  if (typeof window.onVisaCheckoutReady === 'function') window.onVisaCheckoutReady();
})();
`;

/**
 * The lightbox page's script: on the answer page it hands the result to the merchant page (only to
 * the origin that opened it); on the wallet page, Escape cancels.
 */
export const VISA_LIGHTBOX_SOURCE = `/* Ours, not Visa's: the payment sandbox's Visa Checkout lightbox script. */
(function () {
  'use strict';
  var result = document.getElementById('visa-checkout-result');
  if (result) {
    var data = result.dataset;
    var message = { type: data.type };
    if (data.type === 'payment.success') message.payment = { callid: data.callid, encKey: data.encKey, encPaymentData: data.encPaymentData };
    if (data.type === 'payment.error') message.message = data.message;
    window.parent.postMessage(message, data.origin);
    return;
  }
  var chosen = document.querySelector('input[name="card"]:checked');
  if (chosen) chosen.focus();
  document.addEventListener('keydown', function (event) {
    var cancel = document.querySelector('button[value="cancel"]');
    if (event.key === 'Escape' && cancel) {
      event.preventDefault();
      cancel.click();
    }
  });
})();
`;
