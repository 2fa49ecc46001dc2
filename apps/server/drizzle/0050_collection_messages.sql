ALTER TABLE "collection_contacts" ADD COLUMN "message_kind" varchar(20);--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD COLUMN "message_provider" varchar(20);--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD COLUMN "message_state" varchar(10);--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD COLUMN "reminder_state" varchar(10);--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD COLUMN "reminder_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "promises_to_pay_taken_idx" ON "promises_to_pay" USING btree ("market","created_at") WHERE "promises_to_pay"."agent_id" is not null;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_reminder_state_check" CHECK ("promises_to_pay"."reminder_state" in ('sending', 'sent', 'failed'));