CREATE TABLE "push_devices" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_devices_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"endpoint_hash" text NOT NULL,
	"subscription" text NOT NULL,
	"label" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_devices_endpoint_hash_unique" UNIQUE("endpoint_hash")
);
--> statement-breakpoint
CREATE TABLE "push_states" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"pushed_through" timestamp with time zone DEFAULT now() NOT NULL,
	"last_push_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_states" ADD CONSTRAINT "push_states_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");