CREATE TABLE "collection_contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"agent_id" integer NOT NULL,
	"agent_email" varchar(254) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delinquency_bands" (
	"market" varchar(2) PRIMARY KEY NOT NULL,
	"bands" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delinquency_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delinquency_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"from_bucket" varchar(16),
	"to_bucket" varchar(16),
	"days_past_due" integer NOT NULL,
	"reason" varchar(8) NOT NULL,
	"moved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delinquency_moves_reason_check" CHECK ("delinquency_moves"."reason" in ('late', 'cured', 'bands'))
);
--> statement-breakpoint
CREATE TABLE "order_delinquency" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"market" varchar(2) NOT NULL,
	"days_past_due" integer NOT NULL,
	"bucket" varchar(16),
	"late_since" date,
	"as_of" date NOT NULL,
	"owed_minor" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	"assigned_at" timestamp with time zone,
	"next_promise_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_delinquency_days_check" CHECK ("order_delinquency"."days_past_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promises_to_pay" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promises_to_pay_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"borrower_id" integer NOT NULL,
	"agent_id" integer,
	"agent_email" varchar(254),
	"amount_minor" bigint NOT NULL,
	"promised_on" date NOT NULL,
	"state" varchar(12) DEFAULT 'open' NOT NULL,
	"kept_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "promises_to_pay_state_check" CHECK ("promises_to_pay"."state" in ('open', 'kept', 'partly-kept', 'broken')),
	CONSTRAINT "promises_to_pay_amount_check" CHECK ("promises_to_pay"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_agent_id_staff_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delinquency_moves" ADD CONSTRAINT "delinquency_moves_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delinquency" ADD CONSTRAINT "order_delinquency_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delinquency" ADD CONSTRAINT "order_delinquency_agent_id_staff_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_agent_id_staff_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contacts_borrower_idx" ON "collection_contacts" USING btree ("borrower_id","at");--> statement-breakpoint
CREATE INDEX "collection_contacts_order_idx" ON "collection_contacts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "delinquency_moves_order_idx" ON "delinquency_moves" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "delinquency_moves_market_day_idx" ON "delinquency_moves" USING btree ("market","moved_on");--> statement-breakpoint
CREATE INDEX "order_delinquency_agent_idx" ON "order_delinquency" USING btree ("agent_id","days_past_due") WHERE "order_delinquency"."bucket" is not null;--> statement-breakpoint
CREATE INDEX "order_delinquency_late_idx" ON "order_delinquency" USING btree ("market","bucket","days_past_due") WHERE "order_delinquency"."bucket" is not null;--> statement-breakpoint
CREATE INDEX "promises_to_pay_order_idx" ON "promises_to_pay" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "promises_to_pay_borrower_idx" ON "promises_to_pay" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE INDEX "promises_to_pay_open_idx" ON "promises_to_pay" USING btree ("market","promised_on") WHERE "promises_to_pay"."state" = 'open';