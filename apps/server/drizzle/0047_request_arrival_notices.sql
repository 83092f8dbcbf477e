CREATE TABLE "request_arrival_notices" (
	"communication_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"outcome" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	CONSTRAINT "request_arrival_notices_communication_id_user_id_pk" PRIMARY KEY("communication_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "request_arrival_notices" ADD CONSTRAINT "request_arrival_notices_communication_id_communications_pk_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_arrival_notices" ADD CONSTRAINT "request_arrival_notices_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_arrival_notices_pending_idx" ON "request_arrival_notices" USING btree ("client_company_id","user_id") WHERE "request_arrival_notices"."settled_at" is null;