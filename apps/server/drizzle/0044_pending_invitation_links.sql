CREATE TABLE "pending_invitation_links" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_invitation_links_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"user_pk" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_invitation_links_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "pending_invitation_links" ADD CONSTRAINT "pending_invitation_links_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_invitation_links_person_idx" ON "pending_invitation_links" USING btree ("firm_id","user_pk");