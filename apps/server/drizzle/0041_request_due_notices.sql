ALTER TYPE "public"."notification_kind" ADD VALUE 'CLIENT_UNRESPONSIVE';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'REQUEST_DUE';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'REQUEST_OVERDUE';--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "due_notice_for" date;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "overdue_notice_for" date;--> statement-breakpoint
CREATE INDEX "communications_open_due_idx" ON "communications" USING btree ("due_date") WHERE "communications"."status" = 'PROCESSING' and not "communications"."is_hidden" and "communications"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","firm_id") WHERE "notifications"."read_at" is null and "notifications"."hidden_at" is null;