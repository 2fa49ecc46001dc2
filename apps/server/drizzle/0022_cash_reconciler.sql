ALTER TABLE "payment_references" ADD COLUMN "issued_by" varchar(40);--> statement-breakpoint
ALTER TABLE "payment_references" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_references_reconcile_idx" ON "payment_references" USING btree ("checked_at","id") WHERE "payment_references"."issued_by" is not null;--> statement-breakpoint
-- hand-written: references issued before the issuer was kept, told by what only a real rail gives
-- (a Stripe PaymentIntent, a Razorpay QR code, the reference a Smart Collect account points at).
UPDATE "payment_references" SET "issued_by" = 'stripe' WHERE "provider_payment_id" LIKE 'pi\_%';--> statement-breakpoint
UPDATE "payment_references" SET "issued_by" = 'razorpay' WHERE "provider_payment_id" LIKE 'qr\_%';--> statement-breakpoint
UPDATE "payment_references" r SET "issued_by" = 'razorpay' FROM "razorpay_virtual_accounts" a WHERE r."issued_by" IS NULL AND a."reference" = r."reference" AND a."channel_code" = r."channel_code";
