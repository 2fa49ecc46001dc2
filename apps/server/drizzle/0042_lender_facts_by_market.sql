-- The lender's facts and customer-service contacts by market (docs/decisions/230). The one row each
-- table held served both markets: it becomes Mexico's, and India starts from a copy of it until an
-- administrator sets India's own (the back office's configuration, or `lender facts set`).
ALTER TABLE "company_facts" DROP CONSTRAINT "company_facts_single_row";--> statement-breakpoint
ALTER TABLE "service_contacts" DROP CONSTRAINT "service_contacts_single_row";--> statement-breakpoint
ALTER TABLE "company_facts" DROP CONSTRAINT "company_facts_pkey";--> statement-breakpoint
ALTER TABLE "service_contacts" DROP CONSTRAINT "service_contacts_pkey";--> statement-breakpoint
ALTER TABLE "company_facts" ADD COLUMN "market" varchar(2);--> statement-breakpoint
ALTER TABLE "company_facts" ADD COLUMN "complaints_officer" varchar(200);--> statement-breakpoint
ALTER TABLE "company_facts" ADD COLUMN "complaints_email" varchar(200);--> statement-breakpoint
ALTER TABLE "company_facts" ADD COLUMN "complaints_phone" varchar(30);--> statement-breakpoint
ALTER TABLE "company_facts" ADD COLUMN "complaints_address" varchar(500);--> statement-breakpoint
ALTER TABLE "service_contacts" ADD COLUMN "market" varchar(2);--> statement-breakpoint
UPDATE "company_facts" SET "market" = 'MX', "complaints_officer" = "name", "complaints_email" = "email", "complaints_phone" = "phone", "complaints_address" = "address";--> statement-breakpoint
INSERT INTO "company_facts" ("market", "name", "email", "address", "cin", "nbfc_number", "site", "phone", "complaints_officer", "complaints_email", "complaints_phone", "complaints_address", "updated_at")
  SELECT 'IN', "name", "email", "address", "cin", "nbfc_number", "site", "phone", "complaints_officer", "complaints_email", "complaints_phone", "complaints_address", "updated_at" FROM "company_facts" WHERE "market" = 'MX';--> statement-breakpoint
UPDATE "service_contacts" SET "market" = 'MX';--> statement-breakpoint
INSERT INTO "service_contacts" ("market", "whatsapp", "telephone", "email", "updated_at")
  SELECT 'IN', "whatsapp", "telephone", "email", "updated_at" FROM "service_contacts" WHERE "market" = 'MX';--> statement-breakpoint
ALTER TABLE "company_facts" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "service_contacts" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "company_facts" ALTER COLUMN "market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_facts" ALTER COLUMN "complaints_officer" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_facts" ALTER COLUMN "complaints_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_facts" ALTER COLUMN "complaints_phone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_facts" ALTER COLUMN "complaints_address" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_contacts" ALTER COLUMN "market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_facts" ADD CONSTRAINT "company_facts_pkey" PRIMARY KEY ("market");--> statement-breakpoint
ALTER TABLE "service_contacts" ADD CONSTRAINT "service_contacts_pkey" PRIMARY KEY ("market");--> statement-breakpoint
ALTER TABLE "company_facts" ADD CONSTRAINT "company_facts_market" CHECK ("company_facts"."market" in ('MX', 'IN'));--> statement-breakpoint
ALTER TABLE "service_contacts" ADD CONSTRAINT "service_contacts_market" CHECK ("service_contacts"."market" in ('MX', 'IN'));
