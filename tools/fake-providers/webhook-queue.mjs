// When a fake payment provider's webhooks go out: each just after the answer that caused it, as
// the providers do, or held for the test to deliver later in the order it chooses (out of order,
// as both Stripe and PayStack say they may). Shared by the fakes of Stripe and PayStack.

const ORDERS = new Set(['oldest-first', 'newest-first']);

/**
 * A queue of one fake's events. `send(entry)` delivers one event and answers the endpoint's last
 * HTTP status (null when none answered). `held` is the list of events waiting, oldest first.
 */
export function createWebhookQueue(send) {
  const held = [];
  /** null: live delivery; otherwise the order held events go out in when holding stops. */
  let holding = null;

  function chosen(order) {
    if (typeof order === 'function') return order([...held]);
    if (!ORDERS.has(order)) throw new Error(`unknown webhook order ${String(order)}: oldest-first, newest-first or a function`);
    return order === 'newest-first' ? [...held].reverse() : [...held];
  }

  /** Delivers held events one after another in `order`; those a function leaves out stay held. */
  async function deliverHeld(order = holding ?? 'oldest-first') {
    const entries = chosen(order).filter((entry) => held.includes(entry));
    for (const entry of entries) held.splice(held.indexOf(entry), 1);
    const deliveries = [];
    for (const entry of entries) deliveries.push({ entry, status: await send(entry) });
    return deliveries;
  }

  return {
    held,
    /** One event: after the answer that caused it (the API's own transaction goes first), or held. */
    emit(entry) {
      if (holding) held.push(entry);
      else setImmediate(() => void send(entry));
    },
    /**
     * Holds every event from now (`on`), to go out in `order` when holding stops; stopping
     * delivers what is held and resolves with the deliveries.
     */
    hold(on, order) {
      if (on) {
        holding = order;
        return Promise.resolve([]);
      }
      const was = holding ?? 'oldest-first';
      holding = null;
      return deliverHeld(was);
    },
    deliverHeld,
  };
}
