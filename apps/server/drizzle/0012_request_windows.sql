CREATE TABLE "request_windows" (
	"service" text NOT NULL,
	"account" text NOT NULL,
	"sent" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "request_windows_service_account_pk" PRIMARY KEY("service","account")
);
