CREATE TABLE "credit_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"rules_outcome" varchar(10) NOT NULL,
	"points" smallint NOT NULL,
	"factors" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"rules_ceiling_minor" bigint,
	"amount_ceiling_minor" bigint,
	"reapply_on" date,
	"inputs" jsonb NOT NULL,
	"rule_version" varchar(40) NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"decided_by" varchar(60) NOT NULL,
	"review_outcome" varchar(10),
	"review_reason" varchar(500),
	"reviewed_by" varchar(60),
	"reviewed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"personal_data_erased_at" timestamp with time zone,
	CONSTRAINT "credit_decisions_outcome_check" CHECK ("credit_decisions"."outcome" in ('approved', 'referred', 'declined') and "credit_decisions"."rules_outcome" in ('approved', 'referred', 'declined')),
	CONSTRAINT "credit_decisions_ceiling_check" CHECK ("credit_decisions"."amount_ceiling_minor" is null or "credit_decisions"."amount_ceiling_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "credit_policy" jsonb;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_decisions_standing" ON "credit_decisions" USING btree ("borrower_id","product_id") WHERE "credit_decisions"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "credit_decisions_referred" ON "credit_decisions" USING btree ("decided_at") WHERE "credit_decisions"."outcome" = 'referred';