ALTER TABLE "request_arrival_notices" ADD COLUMN "kind" text DEFAULT 'ARRIVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_arrival_notices" DROP CONSTRAINT "request_arrival_notices_communication_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "request_arrival_notices" ADD CONSTRAINT "request_arrival_notices_communication_id_user_id_kind_pk" PRIMARY KEY("communication_id","user_id","kind");
