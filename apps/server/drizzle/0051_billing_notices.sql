CREATE TABLE "billing_notices" (
	"firm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_firm_id_kind_key_pk" PRIMARY KEY("firm_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;