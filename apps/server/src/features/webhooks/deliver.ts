import { webhookAddressRefusedMessage } from '@shortlist/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { EgressRefused, egressPost, type Resolve } from '../../http/egress-request.ts';
import { retryDelayMs } from '../mail/queue.ts';
import { webhookPolicy } from './egress.ts';
import { signedHeaders } from './signing.ts';

export const WEBHOOK_MAX_ATTEMPTS = 8;
/** A receiver has this long to answer; the claim outlasts it by far. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const AT_ONCE = 5;

type Claimed = { delivery: typeof webhookDeliveries.$inferSelect; url: string; secret: string };

/** Why a delivery got no answer, for the admin reading the log; the system's own words kept after a colon. */
export const webhookNoAnswerMessage = `The receiver did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`;
export const webhookUnreachableMessage = (reason: string) => `The receiver could not be reached: ${reason}.`;

/** A failed attempt's reason: no answer in time, or the network's (the connection's cause, when it names one). */
export function networkFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return webhookNoAnswerMessage;
  const reason =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return webhookUnreachableMessage(reason.slice(0, 400));
}

/** Due deliveries, claimed for this process (SKIP LOCKED) by pushing their next attempt past the lease. */
async function claimDue(db: Db, now: Date | undefined): Promise<Claimed[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    // By the database's clock unless told: a delivery queued in this very millisecond is due, which a
    // JavaScript Date (milliseconds) against `now()` (microseconds) would leave for the next round.
    .where(
      and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now ?? sql`now()`)),
    )
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
    .limit(AT_ONCE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS) })
    .where(sql`${webhookDeliveries.id} in ${due}`)
    .returning();
  if (claimed.length === 0) return [];
  const targets = await db
    .select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret })
    .from(webhooks)
    .where(inArray(webhooks.id, [...new Set(claimed.map((d) => d.webhookId))]));
  const targetOf = new Map(targets.map((target) => [target.id, target]));
  return claimed.flatMap((delivery) => {
    const target = targetOf.get(delivery.webhookId);
    return target ? [{ delivery, url: target.url, secret: target.secret }] : [];
  });
}

interface Outcome {
  code: number | null;
  error: string | null;
  ms: number | null;
  /** Refused before anything was sent: final at once, and no timing is kept (it would tell nothing). */
  isRefused?: boolean;
}

async function post(ctx: Pick<AppContext, 'config'>, { delivery, url, secret }: Claimed, resolve?: Resolve) {
  const started = performance.now();
  const headers = signedHeaders(secret, `msg_${delivery.id}`, Math.floor(Date.now() / 1000), delivery.body);
  try {
    const code = await egressPost({
      url,
      headers,
      body: delivery.body,
      policy: webhookPolicy(ctx.config),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: ctx.config.webhookMaxRedirects,
      resolve,
    });
    const isOk = code >= 200 && code < 300;
    return { code, error: isOk ? null : `HTTP ${code}`, ms: performance.now() - started } satisfies Outcome;
  } catch (error) {
    if (error instanceof EgressRefused) {
      const refused: Outcome = {
        code: null,
        error: webhookAddressRefusedMessage(error.address, error.kind),
        ms: null,
        isRefused: true,
      };
      return refused;
    }
    return { code: null, error: networkFailure(error), ms: performance.now() - started } satisfies Outcome;
  }
}

/**
 * Posts every due delivery, a few at once. A 2xx answer delivers it; anything else is tried again
 * with the mail queue's back-off (30 s, 1 min, 2 min… up to an hour), and fails after 8 attempts. A
 * target in the server's own network is refused before any connection, and the delivery fails at once.
 */
export async function deliverWebhooks(
  ctx: Pick<AppContext, 'db' | 'config'>,
  now?: Date,
  { isStopped = () => false, resolve }: { isStopped?: () => boolean; resolve?: Resolve } = {},
) {
  let delivered = 0;
  let failed = 0;
  while (!isStopped()) {
    const claimed = await claimDue(ctx.db, now);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (item) => {
        const result: Outcome = await post(ctx, item, resolve);
        const attempts = item.delivery.attempts + 1;
        const isDelivered = result.error === null;
        const isFinal = isDelivered || result.isRefused || attempts >= WEBHOOK_MAX_ATTEMPTS;
        await ctx.db
          .update(webhookDeliveries)
          .set({
            attempts,
            status: isDelivered ? 'delivered' : isFinal ? 'failed' : 'pending',
            responseCode: result.code,
            error: result.error,
            durationMs: result.ms === null ? null : Math.round(result.ms),
            deliveredAt: isDelivered ? new Date() : null,
            nextAttemptAt: new Date((now ?? new Date()).getTime() + retryDelayMs(attempts)),
          })
          .where(eq(webhookDeliveries.id, item.delivery.id));
        if (isDelivered) delivered += 1;
        else failed += 1;
      }),
    );
  }
  return { delivered, failed };
}
