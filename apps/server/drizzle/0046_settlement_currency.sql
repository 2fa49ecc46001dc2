ALTER TABLE "settlement_reports" ADD COLUMN "currency" char(3);--> statement-breakpoint
-- Reports written before the column: the currency their unmatched lines state, where they hold one.
UPDATE "settlement_reports" SET "currency" = upper("missing_in_ledger"->0->>'currency') WHERE jsonb_array_length("missing_in_ledger") > 0 AND "missing_in_ledger"->0->>'currency' IS NOT NULL;
