/* global window, document */
// The end-to-end suite's stand-in for Stripe.js v3, served by the fake Stripe from its own
// origin: the part of Stripe.js the checkout calls, answering in Stripe.js's documented shapes
// (`{ paymentMethod }` or `{ error: { type, code, message } }`). As with Stripe, the card is typed
// in a frame of the script's origin, which sends it to Stripe's POST /v1/payment_methods itself: the card
// never passes through the page's script nor the hotel's API.
(function installFakeStripe() {
  const ORIGIN = new URL(document.currentScript.src).origin;
  // The fake of Stripe's API, written in by the server of this file.
  const API_ORIGIN = '__FAKE_STRIPE_API_ORIGIN__';
  let nextRequest = 1;

  function integrationError(message) {
    const error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  /** The Payment Element: a frame of the fake's origin holding the card fields. */
  function createPaymentElement(publishableKey) {
    const handlers = {};
    const pending = new Map();
    let frame = null;
    const emit = (event, payload) => (handlers[event] ?? []).forEach((handler) => handler(payload));

    function onMessage(event) {
      if (frame === null || event.source !== frame.contentWindow || event.origin !== ORIGIN) return;
      const message = event.data;
      if (message.type === 'ready') emit('ready', { elementType: 'payment' });
      else if (message.type === 'change') emit('change', { elementType: 'payment', empty: message.empty, complete: message.complete });
      else if (message.type === 'resize') frame.style.height = `${message.height}px`;
      else if (message.type === 'answer') {
        pending.get(message.id)?.(message.answer);
        pending.delete(message.id);
      }
    }

    const element = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw integrationError(`The selector you specified (${target}) applies to no DOM elements.`);
        frame = document.createElement('iframe');
        frame.title = 'Secure payment input frame';
        frame.setAttribute('allow', 'payment *');
        frame.style.cssText = 'width:100%;border:0;height:220px;display:block';
        frame.src = `${ORIGIN}/v3/card-frame.html#${new URLSearchParams({ parent: window.location.origin, key: publishableKey, api: API_ORIGIN })}`;
        window.addEventListener('message', onMessage);
        host.append(frame);
      },
      on(event, handler) {
        (handlers[event] = handlers[event] ?? []).push(handler);
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] ?? []).filter((known) => known !== handler);
        return element;
      },
      focus() {
        frame?.contentWindow?.postMessage({ type: 'focus' }, ORIGIN);
      },
      unmount() {
        window.removeEventListener('message', onMessage);
        frame?.remove();
        frame = null;
      },
      destroy() {
        element.unmount();
      },
      /** Asks the frame and answers what it says. */
      ask(type, payload) {
        if (frame === null)
          return Promise.resolve({
            error: { type: 'invalid_request_error', code: 'element_not_mounted', message: 'The Payment Element is not mounted.' },
          });
        const id = nextRequest++;
        return new Promise((resolve) => {
          pending.set(id, resolve);
          frame.contentWindow.postMessage({ type, id, ...payload }, ORIGIN);
        });
      },
    };
    return element;
  }

  function Stripe(publishableKey) {
    if (!/^pk_(test|live)_\w+$/.test(String(publishableKey))) throw integrationError('Invalid API Key provided: ' + publishableKey);
    return {
      elements(options = {}) {
        if (options.mode !== undefined && options.mode !== 'payment') throw integrationError('Only mode "payment" is faked.');
        let paymentElement = null;
        const elements = {
          options: { ...options },
          create(type) {
            if (type !== 'payment') throw integrationError(`The fake Stripe.js makes only the payment element, not ${type}.`);
            paymentElement = createPaymentElement(publishableKey);
            return paymentElement;
          },
          getElement(type) {
            return type === 'payment' ? paymentElement : null;
          },
          update(changes) {
            Object.assign(elements.options, changes);
          },
          async submit() {
            if (paymentElement === null)
              return { error: { type: 'invalid_request_error', code: 'no_payment_element', message: 'No Payment Element was created.' } };
            const answer = await paymentElement.ask('submit', {});
            return answer.error ? { error: answer.error } : {};
          },
        };
        return elements;
      },
      async createPaymentMethod(options) {
        const element = options?.elements?.getElement('payment');
        if (!element) throw integrationError('createPaymentMethod needs { elements } with a Payment Element.');
        if (options.elements.options.paymentMethodCreation !== 'manual')
          throw integrationError('createPaymentMethod with elements needs paymentMethodCreation: "manual".');
        return element.ask('createPaymentMethod', { billingDetails: options.params?.billing_details ?? null });
      },
    };
  }

  window.Stripe = Stripe;
})();
