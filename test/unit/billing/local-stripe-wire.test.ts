import Stripe from 'stripe';
import { parseStripeForm } from '../../../local/stripe/form.js';
import { signatureHeader } from '../../../local/stripe/webhooks.js';

describe('parseStripeForm', () => {
  it('decodes bracket notation into nested objects and arrays', () => {
    const body = 'customer=cus_1&items[0][price]=price_a&items[0][quantity]=1&expand[0]=latest_invoice.confirmation_secret&expand[1]=pending_setup_intent'
      + '&discounts[0][promotion_code]=promo_1&metadata[userId]=u1&payment_settings[save_default_payment_method]=on_subscription&lookup_keys[]=a&lookup_keys[]=b';
    expect(parseStripeForm(body)).toEqual({
      customer: 'cus_1', items: [{ price: 'price_a', quantity: '1' }], expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      discounts: [{ promotion_code: 'promo_1' }], metadata: { userId: 'u1' }, payment_settings: { save_default_payment_method: 'on_subscription' },
      lookup_keys: ['a', 'b'],
    });
  });
});

describe('signatureHeader (the local Stripe server signs webhooks)', () => {
  const stripe = new Stripe('sk_test_unit');
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });

  it('is accepted by stripe-node’s constructEvent and equals its generateTestHeaderString', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, 'whsec_test', timestamp);
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe('evt_1');
    expect(header).toBe(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test', timestamp }));
  });

  it('fails verification with another secret, another body or an old timestamp', () => {
    const header = signatureHeader(payload, 'whsec_test');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload.replace('paid', 'voided'), header, 'whsec_test')).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, 'whsec_test', Math.floor(Date.now() / 1000) - 3600), 'whsec_test')).toThrow();
  });
});

describe('createWebhookSender (the local Stripe server’s delivery)', () => {
  it('retries a failing endpoint with back-off until it answers 2xx, signing every attempt', async () => {
    const { createServer } = await import('node:http');
    const { createWebhookSender } = await import('../../../local/stripe/webhooks.js');
    const seen: { signature: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        seen.push({ signature: String(req.headers['stripe-signature']), body });
        res.writeHead(seen.length < 3 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const sender = createWebhookSender({ endpoint: () => `http://127.0.0.1:${port}/hook`, secret: 'whsec_retry', retryDelayMs: 5, maxAttempts: 5 });
      sender.send({ id: 'evt_retry', type: 'invoice.paid' });
      await sender.idle();
      expect(sender.deliveries).toEqual([expect.objectContaining({ eventId: 'evt_retry', status: 'delivered', attempts: 3 })]);
      for (const attempt of seen) expect(new Stripe('sk_test_unit').webhooks.constructEvent(attempt.body, attempt.signature, 'whsec_retry').id).toBe('evt_retry');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);

  it('gives up after the last attempt and marks the delivery failed', async () => {
    const { createWebhookSender } = await import('../../../local/stripe/webhooks.js');
    const sender = createWebhookSender({ endpoint: () => 'http://127.0.0.1:9/unreachable', secret: 'whsec_x', retryDelayMs: 1, maxAttempts: 2 });
    sender.send({ id: 'evt_lost', type: 'invoice.paid' });
    await sender.idle();
    expect(sender.deliveries[0]).toMatchObject({ status: 'failed', attempts: 2 });
  }, 20_000);
});
