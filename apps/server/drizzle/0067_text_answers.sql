CREATE TYPE "public"."question_channel" AS ENUM('SMS', 'EMAIL');--> statement-breakpoint
CREATE TABLE "text_answer_words" (
	"client_company_id" integer NOT NULL,
	"phrase" text NOT NULL,
	"category_id" integer NOT NULL,
	"learnt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_answer_words_client_company_id_phrase_pk" PRIMARY KEY("client_company_id","phrase")
);
--> statement-breakpoint
CREATE TABLE "text_question_sheets" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "text_question_sheets_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" "question_channel" DEFAULT 'SMS' NOT NULL,
	"phone" text NOT NULL,
	"questions" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "texts_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "texts_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_answer_words" ADD CONSTRAINT "text_answer_words_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_answer_words" ADD CONSTRAINT "text_answer_words_category_id_ledger_accounts_pk_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_question_sheets" ADD CONSTRAINT "text_question_sheets_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_question_sheets" ADD CONSTRAINT "text_question_sheets_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_question_sheets" ADD CONSTRAINT "text_question_sheets_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_question_sheets_user_idx" ON "text_question_sheets" USING btree ("user_id","sent_at");