CREATE TABLE "firm_feature_flags" (
	"firm_id" integer NOT NULL,
	"flag" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_feature_flags_firm_id_flag_pk" PRIMARY KEY("firm_id","flag")
);
--> statement-breakpoint
ALTER TABLE "firm_feature_flags" ADD CONSTRAINT "firm_feature_flags_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Flags a firm had switched on keep being on, now as that firm's own setting.
INSERT INTO "firm_feature_flags" ("firm_id", "flag", "enabled")
SELECT DISTINCT "pk", unnest("feature_flags"), true FROM "firms";--> statement-breakpoint
ALTER TABLE "firms" DROP COLUMN "feature_flags";