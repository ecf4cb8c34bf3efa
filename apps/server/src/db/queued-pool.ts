import pg from 'pg';

/** node-postgres's own words for a wait past its bound, which `databaseWait` reads as unavailable. */
export const QUEUE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

type Callback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/**
 * A pg.Pool whose requests wait for a busy pool's connection up to `queueMs`, and for a new connection up
 * to the pool's `connectionTimeoutMillis` (decision 191). pg-pool bounds both waits by the one setting: at
 * 5 s, a deadline's 300 judges submitting at once on 10 connections got 503s while the server was only
 * busy, not down. Here at most `max` requests hold or open a connection; the rest wait in order, each
 * for its own bound, so that pg-pool never queues and its bound is the connection's alone.
 */
export class QueuedPool extends pg.Pool {
  readonly #slots: number;
  readonly #queueMs: number;
  #held = 0;
  readonly #waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(config: pg.PoolConfig & { max: number }, queueMs: number) {
    super(config);
    this.#slots = config.max;
    this.#queueMs = queueMs;
  }

  /** How many requests wait for a connection. */
  get queued(): number {
    return this.#waiting.length;
  }

  #acquire(): Promise<void> {
    if (this.#held < this.#slots) {
      this.#held += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        // The slot passes from the releasing request to this one: `#held` stays as it is.
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(new Error(QUEUE_TIMEOUT_MESSAGE));
        }, this.#queueMs),
      };
      this.#waiting.push(waiter);
    });
  }

  #release() {
    const next = this.#waiting.shift();
    if (next) next.grant();
    else this.#held -= 1;
  }

  async #checkout(): Promise<pg.PoolClient> {
    await this.#acquire();
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.#release();
      throw error;
    }
    // pg-pool gives each checkout its own `release`; the slot goes back with it, once.
    const release = client.release.bind(client);
    let isReleased = false;
    client.release = (error?: Error | boolean) => {
      if (!isReleased) {
        isReleased = true;
        this.#release();
      }
      return release(error);
    };
    return client;
  }

  // pg-pool's `query` calls `connect` with a callback; drizzle's transactions call it without.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<pg.PoolClient> | undefined {
    const checkout = this.#checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error),
    );
    return undefined;
  }
}
