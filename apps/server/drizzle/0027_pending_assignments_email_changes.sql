CREATE TABLE "pending_email_changes" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_email_changes_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"requested_by" integer,
	"code_hash" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_email_changes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "pending_invitation_assignments" (
	"pending_invitation_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	CONSTRAINT "pending_invitation_assignments_client_company_id_pending_invitation_id_pk" PRIMARY KEY("client_company_id","pending_invitation_id")
);
--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_requested_by_users_pk_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invitation_assignments" ADD CONSTRAINT "pending_invitation_assignments_pending_invitation_id_pending_invitations_pk_fk" FOREIGN KEY ("pending_invitation_id") REFERENCES "public"."pending_invitations"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invitation_assignments" ADD CONSTRAINT "pending_invitation_assignments_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_email_changes_user_idx" ON "pending_email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_assignments_invitation_idx" ON "pending_invitation_assignments" USING btree ("pending_invitation_id");