import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * A request as the log keeps it: its method and path, not its query, which may carry a judge's link token,
 * an edit link's token or an e-mail searched for — data the log would keep past an erasure (docs/privacy.md).
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}

/** The app's logger options with requests logged without their query; `false` stays silent. */
export function withRequestsForLog(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: { ...('serializers' in logger ? logger.serializers : {}), req: requestForLog },
  };
}
