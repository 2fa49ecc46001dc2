DROP INDEX "promo_registrations_template_idx";--> statement-breakpoint
DROP INDEX "promo_sms_codes_template_idx";--> statement-breakpoint
CREATE INDEX "promo_registrations_template_day_idx" ON "promo_registrations" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_sms_codes_template_day_idx" ON "promo_sms_codes" USING btree ("template_id","created_at");