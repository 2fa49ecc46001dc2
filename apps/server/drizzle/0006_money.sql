CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"payment_id" integer,
	"booked_on" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"account" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"reference_id" integer,
	"provider" varchar(40) NOT NULL,
	"provider_event_id" varchar(100) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"channel_code" varchar(40) DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allocation" jsonb NOT NULL,
	"rebate_minor" bigint DEFAULT 0 NOT NULL,
	"extension_fee_minor" bigint DEFAULT 0 NOT NULL,
	"credit_minor" bigint DEFAULT 0 NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"status_before" smallint NOT NULL,
	"status_after" smallint NOT NULL,
	"recorded_by" varchar(100),
	"note" varchar(200),
	CONSTRAINT "payments_receipt_no_unique" UNIQUE("receipt_no"),
	CONSTRAINT "payments_provider_event" UNIQUE("provider","provider_event_id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('repayment', 'extension'))
);
--> statement-breakpoint
ALTER TABLE "payment_references" DROP CONSTRAINT "payment_references_once";--> statement-breakpoint
ALTER TABLE "loan_installments" DROP CONSTRAINT "loan_installments_amounts_check";--> statement-breakpoint
ALTER TABLE "loan_orders" DROP CONSTRAINT "loan_orders_charges_check";--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "principal_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "interest_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "tax_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "interest_waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "tax_waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What was paid before is split as the allocation rule would have: tax, then interest, then principal.
UPDATE "loan_installments" SET
	"tax_paid_minor" = least("paid_minor", "tax_minor"),
	"interest_paid_minor" = least("paid_minor" - least("paid_minor", "tax_minor"), "interest_minor"),
	"principal_paid_minor" = "paid_minor" - least("paid_minor", "tax_minor") - least("paid_minor" - least("paid_minor", "tax_minor"), "interest_minor");--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "penalty_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "credit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "min_amount_minor" bigint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "max_amount_minor" bigint DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- References issued before expiry existed get the same life as new ones (docs/decisions/072).
UPDATE "payment_references" SET "expires_at" = "created_at" + interval '72 hours';--> statement-breakpoint
ALTER TABLE "payment_references" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reference_id_payment_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."payment_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_order_account_idx" ON "ledger_postings" USING btree ("order_id","account");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_references_once" ON "payment_references" USING btree ("order_id","channel_code","request_type","amount_minor") WHERE "payment_references"."replaced_at" is null;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_paid_check" CHECK ("loan_installments"."principal_paid_minor" between 0 and "loan_installments"."principal_minor" and "loan_installments"."interest_paid_minor" >= 0 and "loan_installments"."interest_waived_minor" >= 0 and "loan_installments"."interest_paid_minor" + "loan_installments"."interest_waived_minor" <= "loan_installments"."interest_minor" and "loan_installments"."tax_paid_minor" >= 0 and "loan_installments"."tax_waived_minor" >= 0 and "loan_installments"."tax_paid_minor" + "loan_installments"."tax_waived_minor" <= "loan_installments"."tax_minor");--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_amounts_check" CHECK ("loan_installments"."amount_minor" = "loan_installments"."principal_minor" + "loan_installments"."interest_minor" + "loan_installments"."tax_minor" and "loan_installments"."paid_minor" = "loan_installments"."principal_paid_minor" + "loan_installments"."interest_paid_minor" + "loan_installments"."tax_paid_minor");--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_charges_check" CHECK ("loan_orders"."discount_minor" >= 0 and "loan_orders"."discount_minor" <= "loan_orders"."interest_minor" and "loan_orders"."penalty_minor" >= 0 and "loan_orders"."penalty_paid_minor" >= 0 and "loan_orders"."penalty_paid_minor" <= "loan_orders"."penalty_minor" and "loan_orders"."credit_minor" >= 0);--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_limits_check" CHECK ("payment_channels"."min_amount_minor" > 0 and "payment_channels"."max_amount_minor" >= "payment_channels"."min_amount_minor");--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_amount_check" CHECK ("payment_references"."amount_minor" > 0);--> statement-breakpoint
-- Orders paid out before the ledger existed open it with what they owe, against an opening balance.
INSERT INTO "ledger_entries" ("order_id", "kind", "booked_on")
SELECT "id", 'opening', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM "loan_orders" WHERE "disbursed_at" IS NOT NULL ORDER BY "id";--> statement-breakpoint
INSERT INTO "ledger_postings" ("entry_id", "order_id", "account", "amount_minor")
SELECT e."id", e."order_id", a."account", a."amount"
FROM "ledger_entries" e
JOIN LATERAL (
	SELECT 'principal_receivable' AS "account", sum(i."principal_minor" - i."principal_paid_minor") AS "amount" FROM "loan_installments" i WHERE i."order_id" = e."order_id"
	UNION ALL SELECT 'interest_receivable', sum(i."interest_minor" - i."interest_paid_minor") FROM "loan_installments" i WHERE i."order_id" = e."order_id"
	UNION ALL SELECT 'tax_receivable', sum(i."tax_minor" - i."tax_paid_minor") FROM "loan_installments" i WHERE i."order_id" = e."order_id"
	UNION ALL SELECT 'late_charges_receivable', o."penalty_minor" FROM "loan_orders" o WHERE o."id" = e."order_id"
	UNION ALL SELECT 'opening_balance', -(
		(SELECT sum(i."amount_minor" - i."paid_minor") FROM "loan_installments" i WHERE i."order_id" = e."order_id")
		+ (SELECT o."penalty_minor" FROM "loan_orders" o WHERE o."id" = e."order_id"))
) a ON true
WHERE e."kind" = 'opening' AND a."amount" <> 0;--> statement-breakpoint
DELETE FROM "ledger_entries" e WHERE e."kind" = 'opening' AND NOT EXISTS (SELECT 1 FROM "ledger_postings" p WHERE p."entry_id" = e."id");--> statement-breakpoint
-- The ledger is written once: a correction is a new entry, never a change to an old one.
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();
