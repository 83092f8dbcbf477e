CREATE TABLE "inbound_messages" (
	"message_key" text NOT NULL,
	"recipient" text NOT NULL,
	"handler" text NOT NULL,
	"firm_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_message_key_recipient_pk" PRIMARY KEY("message_key","recipient")
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_received_idx" ON "inbound_messages" USING btree ("received_at");