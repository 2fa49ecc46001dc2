ALTER TABLE "loan_contracts" ADD COLUMN "key_facts_text" text;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD COLUMN "key_facts_sha256" char(64);