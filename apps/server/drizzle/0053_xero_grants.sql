CREATE TABLE "ledger_identities" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_identities_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_grants" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_grants_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"provider" text NOT NULL,
	"firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"companies" jsonb NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_grants_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "ledger_identities" ADD CONSTRAINT "ledger_identities_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_grants" ADD CONSTRAINT "pending_grants_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_grants" ADD CONSTRAINT "pending_grants_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_identities_subject_unique" ON "ledger_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "ledger_identities_user_idx" ON "ledger_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_grants_expires_idx" ON "pending_grants" USING btree ("expires_at");