ALTER TABLE "refunds" ADD COLUMN "sent_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_by" varchar(200);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_on" date;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "known_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "known_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "created_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "admin_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "admin_requested_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "device_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "refunds_sent_by_day_idx" ON "refunds" USING btree ("sent_by","sent_on");--> statement-breakpoint
CREATE INDEX "staff_sessions_device_idx" ON "staff_sessions" USING btree ("staff_id","device_hash");--> statement-breakpoint
UPDATE "staff_accounts" s SET "created_by_staff_id" = a."actor_id" FROM "audit_log" a WHERE a."action" = 'staff.created' AND a."object_type" = 'staff' AND a."object_id" = s."id"::text AND a."actor_kind" = 'staff';--> statement-breakpoint
UPDATE "refunds" r SET
  "sent_by_staff_id" = CASE WHEN a."actor_kind" = 'staff' THEN a."actor_id" END,
  "sent_by" = CASE WHEN a."actor_kind" = 'staff' THEN a."actor_email" ELSE 'operator token' END,
  "approval_id" = (a."after"->>'approvalId')::integer,
  "sent_on" = (r."created_at" AT TIME ZONE CASE WHEN r."currency" = 'INR' THEN 'Asia/Kolkata' ELSE 'America/Mexico_City' END)::date
FROM "audit_log" a WHERE a."action" = 'refund.create' AND a."object_type" = 'refund' AND a."object_id" = r."id"::text;
