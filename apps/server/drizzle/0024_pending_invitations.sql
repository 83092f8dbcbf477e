CREATE TABLE "pending_invitations" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_invitations_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"user_pk" integer NOT NULL,
	"member_pk" integer,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"restrictions" jsonb,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pending_invitations" ADD CONSTRAINT "pending_invitations_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invitations" ADD CONSTRAINT "pending_invitations_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invitations" ADD CONSTRAINT "pending_invitations_invited_by_users_pk_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_invitations_firm_email_idx" ON "pending_invitations" USING btree ("firm_id",lower("email"));--> statement-breakpoint
CREATE INDEX "pending_invitations_user_idx" ON "pending_invitations" USING btree ("firm_id","user_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_invitations_member_unique" ON "pending_invitations" USING btree ("member_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_invitations_company_user_unique" ON "pending_invitations" USING btree ("client_company_id","user_pk");