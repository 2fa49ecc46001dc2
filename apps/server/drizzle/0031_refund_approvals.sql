CREATE TABLE "refund_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"outside" boolean DEFAULT false NOT NULL,
	"note" varchar(200),
	"recorded_by" varchar(100) NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"requested_by_staff_id" integer,
	"requested_by" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by_staff_id" integer,
	"decided_by" varchar(200),
	"decision_note" varchar(200),
	"decided_at" timestamp with time zone,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_approvals_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refund_approvals_amount_check" CHECK ("refund_approvals"."amount_minor" > 0),
	CONSTRAINT "refund_approvals_status_check" CHECK ("refund_approvals"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_approvals_one_pending_per_order" ON "refund_approvals" USING btree ("order_id") WHERE "refund_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refund_approvals_status_idx" ON "refund_approvals" USING btree ("status","id");