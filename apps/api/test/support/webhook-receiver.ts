import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A webhook message as a receiver takes it, its signature checked. */
export type ReceivedWebhook = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * An endpoint on this machine that takes webhook messages signed with `secret`, verifying each
 * with the `standardwebhooks` package (a bad signature throws there), and answers 200.
 */
export async function startWebhookReceiver() {
  const secret = `whsec_${Buffer.from('a test secret of 32 bytes length').toString('base64')}`;
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push(new Webhook(secret).verify(body, req.headers as Record<string, string>) as ReceivedWebhook);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    secret,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
