import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Keeps each request reachable from the code it runs, so that the audit log names the signed-in user who
 * made a change without every service being handed the user (decision 85). Entered in `preHandler`, after
 * the body is read (a body's stream events would lose an earlier context); the user is read when an entry
 * is written, once `requireUser` has set it.
 */
export function registerRequestActor(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => requests.run(request, done));
}

/** The signed-in user of the request under way, if any: none in the background worker or a public call. */
export function signedInUserId(): number | undefined {
  return requests.getStore()?.user?.id;
}
