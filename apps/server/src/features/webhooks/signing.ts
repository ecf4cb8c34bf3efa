import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one delivery: the signature is HMAC-SHA256, keyed by the secret's
 * bytes, over `id.timestamp.body`, so that a receiver can check both origin and freshness.
 */
export function signedHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
