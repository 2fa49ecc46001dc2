CREATE TABLE "borrowers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "borrowers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(20) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrowers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "company_facts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(200) NOT NULL,
	"address" varchar(500) NOT NULL,
	"cin" varchar(50) NOT NULL,
	"nbfc_number" varchar(50) NOT NULL,
	"site" varchar(200) NOT NULL,
	"phone" varchar(30) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_facts_single_row" CHECK ("company_facts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "loan_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" varchar(32) NOT NULL,
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status_code" smallint NOT NULL,
	"principal_minor" bigint NOT NULL,
	"disbursal_minor" bigint NOT NULL,
	"commission_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_repayable_minor" bigint NOT NULL,
	"term_days" smallint NOT NULL,
	"periods" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"due_date" date,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "loan_orders_status_check" CHECK ("loan_orders"."status_code" in (21, 151, 110, 170, 174, 180, 200)),
	CONSTRAINT "loan_orders_amounts_check" CHECK ("loan_orders"."principal_minor" > 0 and "loan_orders"."disbursal_minor" >= 0 and "loan_orders"."commission_minor" >= 0 and "loan_orders"."interest_minor" >= 0 and "loan_orders"."tax_minor" >= 0 and "loan_orders"."total_repayable_minor" >= "loan_orders"."principal_minor")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(40) NOT NULL,
	"name" varchar(100) NOT NULL,
	"logo_url" varchar(500) NOT NULL,
	"market" varchar(2) NOT NULL,
	"pricing" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code"),
	CONSTRAINT "products_market_check" CHECK ("products"."market" in ('MX', 'IN'))
);
--> statement-breakpoint
CREATE TABLE "service_contacts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"whatsapp" varchar(30) NOT NULL,
	"telephone" varchar(30) NOT NULL,
	"email" varchar(200) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_contacts_single_row" CHECK ("service_contacts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"device_id" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_orders_borrower_idx" ON "loan_orders" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_borrower_idx" ON "sessions" USING btree ("borrower_id");