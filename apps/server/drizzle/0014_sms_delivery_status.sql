ALTER TABLE "sms_outbox" ADD COLUMN "provider" varchar(20) DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" varchar(20) DEFAULT 'delivered' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_message_id" varchar(64);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "error_message" varchar(300);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_status_idx" ON "sms_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_message_idx" ON "sms_outbox" USING btree ("provider","provider_message_id");