/**
 * A stand-in of Stripe.js (`https://js.stripe.com/v3/`) and of the frame its Payment Element draws,
 * served by the Stripe card stand-in (`stripe-card-stand-in.ts`) for the browser tests, never in
 * production. It has the API shape our page uses: `Stripe(publishableKey)`,
 * `stripe.elements({ clientSecret, locale })`, `elements.create('payment')`, `element.mount(node)`,
 * `element.on('ready' | 'change', handler)` and `stripe.confirmSetup({ elements, redirect })`
 * answering `{ setupIntent }` or `{ error }`. The card fields are in an iframe of the stand-in's own
 * origin: the page that mounts them cannot read them, and the frame confirms the SetupIntent with
 * the stand-in's API itself, as Stripe's frame does.
 */

/** What the frame sends as `payment_user_agent`; the stand-in takes a card number only with it. */
export const STAND_IN_PAYMENT_USER_AGENT = 'stripe.js/stand-in; stripe-js-v3/stand-in; payment-element';

/** The frame's path on the stand-in's origin. */
const FRAME_PATH = '/v3/elements-inner-payment.html';

/** The script the page loads (what `https://js.stripe.com/v3/` gives). */
export function stripeJsScript(): string {
  return `(function () {
  'use strict';
  var origin = new URL(document.currentScript.src).origin;
  function ask(group, type) {
    if (!group.frame) return Promise.resolve({ error: { type: 'validation_error', message: 'The Payment Element is not mounted.' } });
    return group.ready.then(function () {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        group.frame.contentWindow.postMessage({ type: type }, origin, [channel.port2]);
      });
    });
  }
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) throw new Error('IntegrationError: Stripe() takes a publishable key');
    return {
      elements: function (options) {
        if (!options || typeof options.clientSecret !== 'string') throw new Error('IntegrationError: elements() takes a clientSecret');
        var group = { frame: null, ready: null };
        group.create = function (type) {
          if (type !== 'payment') throw new Error('IntegrationError: this stand-in draws the payment element only');
          var handlers = {};
          var emit = function (name, value) { (handlers[name] || []).forEach(function (handler) { handler(value); }); };
          var element = {
            mount: function (target) {
              var node = typeof target === 'string' ? document.querySelector(target) : target;
              var frame = document.createElement('iframe');
              frame.name = '__privateStripeFrame' + Math.floor(Math.random() * 1e6);
              frame.title = 'Secure payment input frame';
              frame.setAttribute('frameborder', '0');
              frame.setAttribute('scrolling', 'no');
              frame.setAttribute('allow', 'payment *');
              frame.style.cssText = 'border:0;width:100%;min-width:100%;height:236px;display:block;overflow:hidden;color-scheme:normal;';
              var settings = { key: publishableKey, clientSecret: options.clientSecret, locale: options.locale || 'auto', parent: location.origin };
              frame.src = origin + '${FRAME_PATH}#' + encodeURIComponent(JSON.stringify(settings));
              group.ready = new Promise(function (resolve) {
                window.addEventListener('message', function (event) {
                  if (event.source !== frame.contentWindow || event.origin !== origin || !event.data) return;
                  if (event.data.type === 'ready') { resolve(); emit('ready', { elementType: 'payment' }); }
                  if (event.data.type === 'change') emit('change', { elementType: 'payment', complete: !!event.data.complete, empty: !!event.data.empty });
                });
              });
              node.appendChild(frame);
              group.frame = frame;
              return element;
            },
            on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
            unmount: function () { if (group.frame) group.frame.remove(); group.frame = null; },
            destroy: function () { element.unmount(); },
          };
          return element;
        };
        group.submit = function () { return ask(group, 'submit'); };
        return group;
      },
      confirmSetup: function (params) {
        if (!params || !params.elements) return Promise.reject(new Error('IntegrationError: confirmSetup() takes elements'));
        return ask(params.elements, 'confirm');
      },
    };
  }
  window.Stripe = Stripe;
})();
`;
}

/** The card fields' document, of the stand-in's origin; its settings come in its address's fragment. */
export function stripeJsFrame(): string {
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; color: #1f2933; background: transparent; }
  form { display: grid; gap: 10px; padding: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  label { display: grid; gap: 4px; font-size: 14px; color: #3e4c59; }
  input { width: 100%; min-width: 0; padding: 10px 12px; font: inherit; border: 1px solid #9aa5b1; border-radius: 6px; background: #fff; color: inherit; }
  input:focus { outline: 2px solid #0b6bcb; outline-offset: 0; }
  input[aria-invalid='true'] { border-color: #b3261e; }
  p { margin: 0; min-height: 20px; font-size: 14px; color: #b3261e; }
</style>
</head>
<body>
<form novalidate>
  <label><span data-text="number"></span><input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"></label>
  <div class="row">
    <label><span data-text="expiry"></span><input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"></label>
    <label><span data-text="cvc"></span><input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"></label>
  </div>
  <p id="error" role="alert"></p>
</form>
<script>
(function () {
  'use strict';
  var settings = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var spanish = String(settings.locale).indexOf('es') === 0;
  var texts = spanish
    ? { number: 'Número de tarjeta', expiry: 'Vencimiento', cvc: 'CVC', numberBad: 'El número de tarjeta no es válido.', expiryBad: 'La fecha de vencimiento no es válida.', cvcBad: 'El código de seguridad no es válido.' }
    : { number: 'Card number', expiry: 'Expiration', cvc: 'CVC', numberBad: 'Your card number is invalid.', expiryBad: "Your card's expiration date is invalid.", cvcBad: "Your card's security code is invalid." };
  document.documentElement.lang = spanish ? 'es' : 'en';
  Array.prototype.forEach.call(document.querySelectorAll('[data-text]'), function (node) { node.textContent = texts[node.getAttribute('data-text')]; });
  var fields = { number: document.getElementById('number'), expiry: document.getElementById('expiry'), cvc: document.getElementById('cvc') };
  var error = document.getElementById('error');
  var digits = function (value) { return value.replace(/\\D/g, ''); };
  fields.number.addEventListener('input', function () { fields.number.value = digits(fields.number.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 '); changed(); });
  fields.expiry.addEventListener('input', function () { var d = digits(fields.expiry.value).slice(0, 4); fields.expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d; changed(); });
  fields.cvc.addEventListener('input', function () { fields.cvc.value = digits(fields.cvc.value).slice(0, 4); changed(); });
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) { var d = Number(number[number.length - 1 - i]); if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; } sum += d; }
    return number.length >= 13 && sum % 10 === 0;
  }
  function problem() {
    var number = digits(fields.number.value);
    if (!luhn(number)) return ['number', texts.numberBad];
    var expiry = digits(fields.expiry.value);
    var month = Number(expiry.slice(0, 2));
    var year = 2000 + Number(expiry.slice(2));
    var now = new Date();
    if (expiry.length !== 4 || month < 1 || month > 12 || year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return ['expiry', texts.expiryBad];
    if (!/^\\d{3,4}$/.test(fields.cvc.value)) return ['cvc', texts.cvcBad];
    return null;
  }
  function show(found) {
    Object.keys(fields).forEach(function (name) { fields[name].removeAttribute('aria-invalid'); });
    error.textContent = found ? found[1] : '';
    if (found) { fields[found[0]].setAttribute('aria-invalid', 'true'); fields[found[0]].focus(); }
  }
  function changed() {
    parent.postMessage({ type: 'change', complete: problem() === null, empty: !fields.number.value && !fields.expiry.value && !fields.cvc.value }, settings.parent);
  }
  function confirm() {
    var found = problem();
    show(found);
    if (found) return Promise.resolve({ error: { type: 'validation_error', code: 'invalid_' + found[0], message: found[1] } });
    var expiry = digits(fields.expiry.value);
    var body = new URLSearchParams({
      client_secret: settings.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': digits(fields.number.value),
      'payment_method_data[card][exp_month]': String(Number(expiry.slice(0, 2))),
      'payment_method_data[card][exp_year]': String(2000 + Number(expiry.slice(2))),
      'payment_method_data[card][cvc]': fields.cvc.value,
      payment_user_agent: '${STAND_IN_PAYMENT_USER_AGENT}',
    });
    var intent = settings.clientSecret.split('_secret_')[0];
    return fetch('/v1/setup_intents/' + intent + '/confirm', { method: 'POST', headers: { Authorization: 'Bearer ' + settings.key, 'Content-Type': 'application/x-www-form-urlencoded' }, body: body })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.error) { error.textContent = answer.error.message; return { error: answer.error }; }
        return { setupIntent: { id: answer.id, object: 'setup_intent', status: answer.status, payment_method: answer.payment_method } };
      }, function () { return { error: { type: 'api_connection_error', message: 'Could not reach Stripe.' } }; });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== settings.parent || event.source !== parent || !event.data || !event.ports[0]) return;
    var port = event.ports[0];
    if (event.data.type === 'submit') { var found = problem(); show(found); port.postMessage(found ? { error: { type: 'validation_error', message: found[1] } } : {}); }
    if (event.data.type === 'confirm') confirm().then(function (answer) { port.postMessage(answer); });
  });
  parent.postMessage({ type: 'ready' }, settings.parent);
})();
</script>
</body>
</html>
`;
}
