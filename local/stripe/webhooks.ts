import { createHmac } from 'node:crypto';

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>` (stripe-node src/Webhooks.ts). */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  lastResponse: string | null;
}

export interface WebhookSenderOptions {
  /** Where events go (the product's `/api/webhooks/stripe/`); undefined = nowhere yet (events are kept). */
  endpoint: () => string | undefined;
  secret: string;
  /** Attempts per event. @default 5 */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt. @default 1000 ms */
  retryDelayMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

/** Delivers events one after another, in creation order, retrying failures with back-off, as Stripe does. */
export function createWebhookSender(options: WebhookSenderOptions) {
  const deliveries: Delivery[] = [];
  let chain: Promise<void> = Promise.resolve();
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelay = options.retryDelayMs ?? 1000;
  let stopped = false;

  async function deliver(delivery: Delivery, payload: string): Promise<void> {
    while (!stopped && delivery.attempts < maxAttempts) {
      const endpoint = options.endpoint();
      if (!endpoint) return;
      delivery.attempts += 1;
      try {
        const response = await fetch(endpoint, {
          method: 'POST', body: payload,
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(payload, options.secret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          signal: AbortSignal.timeout(30_000),
        });
        delivery.lastResponse = `${response.status} ${(await response.text()).slice(0, 200)}`;
        if (response.ok) { delivery.status = 'delivered'; return; }
      } catch (error) {
        delivery.lastResponse = (error as Error).message;
      }
      if (delivery.attempts < maxAttempts && !stopped) await new Promise((r) => setTimeout(r, retryDelay * 2 ** (delivery.attempts - 1)).unref());
    }
    if (delivery.status === 'pending') {
      delivery.status = 'failed';
      options.log?.('Stripe webhook delivery failed', { eventId: delivery.eventId, lastResponse: delivery.lastResponse });
    }
  }

  return {
    deliveries,
    send(event: { id: string; type: string }): void {
      const delivery: Delivery = { eventId: event.id, type: event.type, attempts: 0, status: 'pending', lastResponse: null };
      deliveries.push(delivery);
      const payload = JSON.stringify(event, null, 2);
      chain = chain.then(() => deliver(delivery, payload));
    },
    /** Resolves when every queued delivery has finished (delivered or given up). */
    idle: () => chain,
    stop() { stopped = true; },
  };
}
