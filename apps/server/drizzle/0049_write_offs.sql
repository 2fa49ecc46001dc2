CREATE TABLE "write_offs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"market" varchar(2) NOT NULL,
	"written_off_on" date NOT NULL,
	"reason" varchar(16) NOT NULL,
	"days_past_due" integer NOT NULL,
	"staff_id" integer,
	"staff_email" varchar(254),
	"note" text DEFAULT '' NOT NULL,
	"principal_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"late_charges_minor" bigint NOT NULL,
	"recovered_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_offs_reason_check" CHECK ("write_offs"."reason" in ('days-past-due', 'officer')),
	CONSTRAINT "write_offs_amounts_check" CHECK ("write_offs"."principal_minor" >= 0 and "write_offs"."interest_minor" >= 0 and "write_offs"."tax_minor" >= 0 and "write_offs"."late_charges_minor" >= 0 and "write_offs"."recovered_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "collections_policy" jsonb;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "write_offs_market_day_idx" ON "write_offs" USING btree ("market","written_off_on");