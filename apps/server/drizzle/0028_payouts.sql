CREATE TABLE "payout_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(40) NOT NULL,
	"event_id" varchar(120) NOT NULL,
	"payout_id" integer,
	"outcome" varchar(20) NOT NULL,
	"notification" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_events_provider_event" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" char(2) NOT NULL,
	"provider" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"payout_account_id" integer,
	"account_last4" varchar(4),
	"idempotency_key" varchar(35) NOT NULL,
	"status" varchar(12) NOT NULL,
	"reason" varchar(40),
	"detail" varchar(300),
	"provider_payout_id" varchar(100),
	"transfer_ref" varchar(40),
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_on" date,
	"sending_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reversal_parked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('queued', 'validating', 'sending', 'processing', 'paid', 'rejected', 'reversed', 'held'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(35) NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"account_number" varchar(18) NOT NULL,
	"status" varchar(10) NOT NULL,
	"transfer_ref" varchar(40),
	"reason" varchar(20),
	"detail" varchar(300),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_order" ON "payouts" USING btree ("order_id") WHERE "payouts"."status" not in ('rejected', 'reversed');--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");--> statement-breakpoint
-- hand-written: a payout's progress is shown on its order's details, so a change to it is told
-- like a change to the order (docs/decisions/099, 152).
CREATE TRIGGER "payouts_change_notice" AFTER INSERT OR UPDATE OR DELETE ON "payouts" FOR EACH ROW EXECUTE FUNCTION "notify_order_change"();
