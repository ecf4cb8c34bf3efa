import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { pendingMailCount } from '../mail/queue.ts';

/**
 * The app's Prometheus metrics, in a registry of its own (tests build many apps in one process):
 * requests by route, the mail queue's depth, background tasks that failed, and Node's own.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const taskFailures = new Counter({
    name: 'background_task_failures_total',
    help: 'Runs of a background task that threw.',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'mail_queue_depth',
    help: 'E-mails queued and not yet sent nor failed for good.',
    registers: [registry],
    async collect() {
      this.set(await pendingMailCount(db));
    },
  });

  return {
    registry,
    taskFailures,
    /**
     * Times every request by its route pattern (not its URL, which would make one series per id). Each
     * route gets its own hook, its pattern known when it is declared: asking the request for it would
     * build the route's options object on every reply.
     */
    observe(app: FastifyInstance) {
      const timerOf = (route: string) => {
        const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
        return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
          const key = `${request.method} ${reply.statusCode}`;
          let child = series.get(key);
          if (!child) {
            child = requestSeconds.labels(request.method, route, String(reply.statusCode));
            series.set(key, child);
          }
          child.observe(reply.elapsedTime / 1000);
          done();
        };
      };
      app.addHook('onRoute', (route) => {
        const own = route.onResponse ? [route.onResponse].flat() : [];
        route.onResponse = [...own, timerOf(route.url)];
      });
      const unmatched = timerOf('unmatched');
      app.addHook('onResponse', (request, reply, done) => {
        if (request.is404) return unmatched(request, reply, done);
        done();
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
