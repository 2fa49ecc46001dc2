CREATE TABLE "stripe_customers" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"customer_id" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "provider_payment_id" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "display" jsonb;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_provider_payment" UNIQUE("provider_payment_id");