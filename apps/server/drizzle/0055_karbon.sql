CREATE TABLE "karbon_client_settings" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_client_settings_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "karbon_client_settings_client_company_id_unique" UNIQUE("client_company_id")
);
--> statement-breakpoint
CREATE TABLE "karbon_directory" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_directory_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "karbon_events" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_events_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"karbon_ref" text,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "karbon_instances" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_instances_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"application_id_enc" text NOT NULL,
	"access_key_enc" text NOT NULL,
	"tenant_key" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"webhook_token" text NOT NULL,
	"signing_key_enc" text NOT NULL,
	"webhooks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"work_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "karbon_instances_firm_id_unique" UNIQUE("firm_id"),
	CONSTRAINT "karbon_instances_webhook_token_unique" UNIQUE("webhook_token")
);
--> statement-breakpoint
CREATE TABLE "karbon_mappings" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_mappings_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"karbon_key" text NOT NULL,
	"karbon_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "karbon_mappings_client_company_id_unique" UNIQUE("client_company_id")
);
--> statement-breakpoint
ALTER TABLE "karbon_client_settings" ADD CONSTRAINT "karbon_client_settings_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_directory" ADD CONSTRAINT "karbon_directory_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_events" ADD CONSTRAINT "karbon_events_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_events" ADD CONSTRAINT "karbon_events_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_instances" ADD CONSTRAINT "karbon_instances_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_mappings" ADD CONSTRAINT "karbon_mappings_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "karbon_mappings" ADD CONSTRAINT "karbon_mappings_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "karbon_directory_firm_key_unique" ON "karbon_directory" USING btree ("firm_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "karbon_events_key_unique" ON "karbon_events" USING btree ("firm_id","event_key");--> statement-breakpoint
CREATE INDEX "karbon_events_waiting_idx" ON "karbon_events" USING btree ("firm_id","state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "karbon_mappings_firm_idx" ON "karbon_mappings" USING btree ("firm_id");