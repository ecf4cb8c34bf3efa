import {
  idParamsSchema,
  pageSchema,
  reviewCommentCreateSchema,
  reviewCommentParamsSchema,
  reviewCommentSchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewPatchSchema,
  reviewSchema,
  reviewStatusCreateSchema,
  reviewStatusListQuerySchema,
  reviewStatusPatchSchema,
  reviewStatusSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import {
  createReviewStatus,
  deleteReviewStatus,
  listReviewStatuses,
  requireReviewStatusAdmin,
  updateReviewStatus,
} from './review-statuses.ts';
import {
  addReviewComment,
  createReview,
  deleteReviewComment,
  listReviews,
  requireDatasetAdmin,
  requireReviewAdmin,
  updateReview,
} from './reviews.ts';

/** Review statuses of a team, reviews of items and their comments, for the team's admins. */
export const reviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const schema = { tags: ['reviews'] };

  app.get(
    '/review-status/',
    {
      schema: {
        ...schema,
        querystring: reviewStatusListQuerySchema,
        response: { 200: pageSchema(reviewStatusSchema) },
      },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listReviewStatuses(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/review-status/',
    { schema: { ...schema, body: reviewStatusCreateSchema, response: { 201: reviewStatusSchema } } },
    async (request, reply) => {
      await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createReviewStatus(ctx, request.body));
    },
  );

  app.patch(
    '/review-status/:id/',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        body: reviewStatusPatchSchema,
        response: { 200: reviewStatusSchema },
      },
    },
    async (request) => {
      const status = await requireReviewStatusAdmin(ctx, currentUser(request), request.params.id);
      return updateReviewStatus(ctx, status, request.body);
    },
  );

  app.delete(
    '/review-status/:id/',
    { schema: { ...schema, params: idParamsSchema } },
    async (request, reply) => {
      const status = await requireReviewStatusAdmin(ctx, currentUser(request), request.params.id);
      await deleteReviewStatus(ctx, status);
      return reply.status(204).send();
    },
  );

  app.get(
    '/reviews/',
    {
      schema: { ...schema, querystring: reviewListQuerySchema, response: { 200: pageSchema(reviewSchema) } },
    },
    async (request) => {
      await requireDatasetAdmin(ctx, currentUser(request), request.query.data_set);
      const { count, results } = await listReviews(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/reviews/',
    { schema: { ...schema, body: reviewCreateSchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const teamId = await requireDatasetAdmin(ctx, currentUser(request), request.body.data_set_id);
      return reply.status(201).send(await createReview(ctx, { teamId, input: request.body }));
    },
  );

  app.patch(
    '/reviews/:id/',
    {
      schema: { ...schema, params: idParamsSchema, body: reviewPatchSchema, response: { 200: reviewSchema } },
    },
    async (request) => {
      const review = await requireReviewAdmin(ctx, currentUser(request), request.params.id);
      return updateReview(ctx, {
        reviewId: review.id,
        teamId: review.teamId,
        statusId: request.body.status_id,
      });
    },
  );

  app.post(
    '/reviews/:id/comments/',
    {
      schema: {
        ...schema,
        params: idParamsSchema,
        body: reviewCommentCreateSchema,
        response: { 201: reviewCommentSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const review = await requireReviewAdmin(ctx, user, request.params.id);
      const comment = await addReviewComment(ctx, {
        reviewId: review.id,
        creator: user,
        content: request.body.content,
      });
      return reply.status(201).send(comment);
    },
  );

  app.delete(
    '/reviews/:id/comments/:commentId/',
    { schema: { ...schema, params: reviewCommentParamsSchema } },
    async (request, reply) => {
      const review = await requireReviewAdmin(ctx, currentUser(request), request.params.id);
      await deleteReviewComment(ctx, { reviewId: review.id, commentId: request.params.commentId });
      return reply.status(204).send();
    },
  );
};
