import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Each reply checked against its route's schema (unknown keys dropped) and written as JSON. The type
 * provider's own compiler runs zod's `encode`, for codecs our replies do not use (the contract has none in
 * them; a transform would make `encode` throw): `parse` runs the same checks through zod's compiled
 * object parsers, in a third of the time for a page of ten selections.
 */
export const replySerializer: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
