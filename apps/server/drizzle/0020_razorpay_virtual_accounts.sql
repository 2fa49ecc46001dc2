CREATE TABLE "razorpay_virtual_accounts" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"virtual_account_id" varchar(100) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"ifsc" varchar(20) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"beneficiary" varchar(200) NOT NULL,
	"channel_code" varchar(40),
	"order_no" varchar(40),
	"reference" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "razorpay_virtual_accounts_virtual_account_id_unique" UNIQUE("virtual_account_id")
);
--> statement-breakpoint
ALTER TABLE "razorpay_virtual_accounts" ADD CONSTRAINT "razorpay_virtual_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;