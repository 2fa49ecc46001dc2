-- Each landing template belongs to a market (docs/decisions/232). The templates made
-- before take the one market the server then served, PROMOTION_MARKET: the server sets it on the
-- migrating session as lend.promotion_market (`migrationSettingsOf`); Mexico when nothing set it.
ALTER TABLE "promo_templates" ADD COLUMN "market" varchar(2);--> statement-breakpoint
UPDATE "promo_templates" SET "market" = coalesce(nullif(current_setting('lend.promotion_market', true), ''), 'MX');--> statement-breakpoint
ALTER TABLE "promo_templates" ALTER COLUMN "market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_templates" ADD CONSTRAINT "promo_templates_market_check" CHECK ("promo_templates"."market" in ('MX', 'IN'));
