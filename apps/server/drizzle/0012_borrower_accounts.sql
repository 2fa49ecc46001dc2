CREATE TABLE "login_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(20) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"device_id" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "market" varchar(2) DEFAULT 'MX' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "login_codes_phone_idx" ON "login_codes" USING btree ("phone","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_market_check" CHECK ("borrowers"."market" in ('MX', 'IN'));--> statement-breakpoint
-- hand-written:
-- Sessions opened before last-used was tracked count as last used when they were opened.
UPDATE "sessions" SET "last_used_at" = "created_at";--> statement-breakpoint
-- A borrower's market is the market of the product of their newest order; without orders, Mexico (the default market).
UPDATE "borrowers" SET "market" = newest."market"
FROM (
  SELECT DISTINCT ON (o."borrower_id") o."borrower_id", p."market"
  FROM "loan_orders" o JOIN "products" p ON p."id" = o."product_id"
  ORDER BY o."borrower_id", o."id" DESC
) newest
WHERE newest."borrower_id" = "borrowers"."id";--> statement-breakpoint
-- Ten national digits become E.164 with the market's country code.
UPDATE "borrowers" SET "phone" = CASE "market" WHEN 'IN' THEN '+91' ELSE '+52' END || "phone"
WHERE "phone" ~ '^[0-9]{10}$';--> statement-breakpoint
-- Numbers an older session command stored with their country code (52 or 91 and ten digits) take
-- that country as their market, unless the same person is already stored by their ten digits.
UPDATE "borrowers" b SET "phone" = '+' || b."phone", "market" = CASE WHEN b."phone" LIKE '91%' THEN 'IN' ELSE 'MX' END
WHERE b."phone" ~ '^(52|91)[0-9]{10}$'
  AND NOT EXISTS (SELECT 1 FROM "borrowers" other WHERE other."phone" = '+' || b."phone");
