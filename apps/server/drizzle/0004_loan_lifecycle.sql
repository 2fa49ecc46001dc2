CREATE TABLE "loan_contracts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"language" varchar(2) NOT NULL,
	"text" text NOT NULL,
	"text_sha256" char(64) NOT NULL,
	"terms" jsonb NOT NULL,
	"client_ip" varchar(64) NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"due_day" smallint NOT NULL,
	"due_date" date,
	"principal_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loan_installments_order_seq" UNIQUE("order_id","seq"),
	CONSTRAINT "loan_installments_amounts_check" CHECK ("loan_installments"."amount_minor" = "loan_installments"."principal_minor" + "loan_installments"."interest_minor" + "loan_installments"."tax_minor" and "loan_installments"."paid_minor" >= 0 and "loan_installments"."paid_minor" <= "loan_installments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "loan_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"term_days" smallint NOT NULL,
	"coupon_minor" bigint DEFAULT 0 NOT NULL,
	"revised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "loan_offers_borrower_product" UNIQUE("borrower_id","product_id"),
	CONSTRAINT "loan_offers_status_check" CHECK ("loan_offers"."status" in ('active', 'withdrawn')),
	CONSTRAINT "loan_offers_amounts_check" CHECK ("loan_offers"."amount_minor" > 0 and "loan_offers"."coupon_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(40) NOT NULL,
	"market" varchar(2) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"logo_url" varchar(500) NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_channels_code_unique" UNIQUE("code"),
	CONSTRAINT "payment_channels_market_check" CHECK ("payment_channels"."market" in ('MX', 'IN')),
	CONSTRAINT "payment_channels_kind_check" CHECK ("payment_channels"."kind" in ('store', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "payment_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"channel_code" varchar(40) NOT NULL,
	"request_type" smallint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_references_once" UNIQUE("order_id","channel_code","request_type","amount_minor"),
	CONSTRAINT "payment_references_reference" UNIQUE("channel_code","reference")
);
--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "penalty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "penalty_through" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "extensions_used" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "repay_url" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_offers" ADD CONSTRAINT "loan_offers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_offers" ADD CONSTRAINT "loan_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_one_pending_per_product" ON "loan_orders" USING btree ("borrower_id","product_id") WHERE "loan_orders"."status_code" in (21, 151);--> statement-breakpoint
CREATE INDEX "loan_orders_status_due_idx" ON "loan_orders" USING btree ("status_code","due_date");--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_score_check" CHECK ("loan_orders"."score" is null or "loan_orders"."score" between 1 and 5);--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_charges_check" CHECK ("loan_orders"."discount_minor" >= 0 and "loan_orders"."discount_minor" <= "loan_orders"."interest_minor" and "loan_orders"."penalty_minor" >= 0);--> statement-breakpoint
UPDATE "products" SET "pricing" = "pricing" || jsonb_build_object('minTermDays', "pricing"->'termDays', 'maxTermDays', "pricing"->'termDays', 'maxExtensions', 0) WHERE NOT ("pricing" ? 'minTermDays');
