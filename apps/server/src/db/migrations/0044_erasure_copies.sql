ALTER TABLE "mail_queue" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "item_ids" integer[];--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "item_ids" integer[];--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "item_ids" integer[];