CREATE TABLE "plan_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"reason" varchar(12) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_requests_state_check" CHECK ("plan_requests"."state" in ('open', 'answered')),
	CONSTRAINT "plan_requests_frequency_check" CHECK ("plan_requests"."frequency" in ('week', 'fortnight')),
	CONSTRAINT "plan_requests_amount_check" CHECK ("plan_requests"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_requests_order_idx" ON "plan_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "plan_requests_borrower_idx" ON "plan_requests" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_requests_open_idx" ON "plan_requests" USING btree ("order_id") WHERE "plan_requests"."state" = 'open';