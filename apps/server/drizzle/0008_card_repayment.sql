CREATE TABLE "card_repay_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_repay_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" char(64) NOT NULL,
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_repay_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "card_repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_no" varchar(40) NOT NULL,
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"token_id" integer,
	"method" varchar(10) NOT NULL,
	"card_id" integer,
	"provider" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(20) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"provider_charge_id" varchar(100),
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_started_at" timestamp with time zone,
	CONSTRAINT "card_repayments_record_no_unique" UNIQUE("record_no"),
	CONSTRAINT "card_repayments_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "card_repayments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "card_repayments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "card_repayments_amount_check" CHECK ("card_repayments"."amount_minor" > 0),
	CONSTRAINT "card_repayments_method_check" CHECK ("card_repayments"."method" in ('card', 'redirect')),
	CONSTRAINT "card_repayments_status_check" CHECK ("card_repayments"."status" in ('awaitingCode', 'charging', 'paid', 'declined', 'insufficientFunds', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "card_verify_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_verify_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"repayment_id" integer NOT NULL,
	"code_hash" char(64) NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_charges" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"token" varchar(100) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" varchar(100) PRIMARY KEY NOT NULL,
	"behaviour" varchar(20) NOT NULL,
	"last4" char(4) NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"holder_name" varchar(60) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkout_sessions" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"merchant_reference" varchar(100) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"return_url" varchar(2000) NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sandbox_checkout_sessions_merchant_reference_unique" UNIQUE("merchant_reference")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"provider" varchar(40) NOT NULL,
	"provider_token" varchar(100) NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"last4" char(4) NOT NULL,
	"requires_code" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "saved_cards_provider_token" UNIQUE("provider","provider_token")
);
--> statement-breakpoint
ALTER TABLE "card_repay_tokens" ADD CONSTRAINT "card_repay_tokens_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repay_tokens" ADD CONSTRAINT "card_repay_tokens_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_token_id_card_repay_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."card_repay_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_repayments" ADD CONSTRAINT "card_repayments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_verify_codes" ADD CONSTRAINT "card_verify_codes_repayment_id_card_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."card_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_repay_tokens_order_idx" ON "card_repay_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "card_repayments_order_idx" ON "card_repayments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "card_repayments_status_idx" ON "card_repayments" USING btree ("status","charge_started_at");--> statement-breakpoint
CREATE INDEX "card_verify_codes_repayment_idx" ON "card_verify_codes" USING btree ("repayment_id","id");--> statement-breakpoint
CREATE INDEX "saved_cards_borrower_idx" ON "saved_cards" USING btree ("borrower_id");