CREATE TABLE "payment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"state" varchar(10) NOT NULL,
	"installment_count" integer NOT NULL,
	"every" varchar(10) NOT NULL,
	"first_due_date" date NOT NULL,
	"late_charges" varchar(6) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"offered_by_id" integer,
	"offered_by_email" varchar(254) NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_email" varchar(254),
	"accepted_at" timestamp with time zone,
	"accept_language" varchar(2),
	"accept_text" text,
	"accept_text_sha256" varchar(64),
	"accept_client_ip" varchar(64),
	"accept_user_agent" varchar(300),
	"schedule" jsonb,
	"first_seq" integer,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"waived_late_charges_minor" bigint DEFAULT 0 NOT NULL,
	"frozen_late_charges_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_state_check" CHECK ("payment_plans"."state" in ('offered', 'accepted', 'kept', 'broken', 'withdrawn', 'lapsed')),
	CONSTRAINT "payment_plans_terms_check" CHECK ("payment_plans"."installment_count" >= 2 and "payment_plans"."every" in ('week', 'fortnight') and "payment_plans"."late_charges" in ('waive', 'freeze')),
	CONSTRAINT "payment_plans_amounts_check" CHECK ("payment_plans"."total_minor" >= 0 and "payment_plans"."waived_late_charges_minor" >= 0 and "payment_plans"."frozen_late_charges_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delinquency_moves" DROP CONSTRAINT "delinquency_moves_reason_check";--> statement-breakpoint
ALTER TABLE "delinquency_moves" ALTER COLUMN "reason" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "loan_installments" ADD COLUMN "restructured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_offered_by_id_staff_accounts_id_fk" FOREIGN KEY ("offered_by_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plans_order_idx" ON "payment_plans" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payment_plans_borrower_idx" ON "payment_plans" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_open_idx" ON "payment_plans" USING btree ("order_id") WHERE "payment_plans"."state" in ('offered', 'accepted');--> statement-breakpoint
ALTER TABLE "delinquency_moves" ADD CONSTRAINT "delinquency_moves_reason_check" CHECK ("delinquency_moves"."reason" in ('late', 'cured', 'bands', 'restructured'));