ALTER TABLE "payment_references" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: references paid before the column existed take their first payment's time (docs/decisions/210).
UPDATE "payment_references" AS "r" SET "paid_at" = "p"."first_applied" FROM (SELECT "reference_id", min("created_at") AS "first_applied" FROM "payments" WHERE "reference_id" IS NOT NULL GROUP BY "reference_id") AS "p" WHERE "p"."reference_id" = "r"."id";
