ALTER TABLE "client_companies" ADD COLUMN "books_closed_through" date;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "books_lock_read_at" timestamp with time zone;