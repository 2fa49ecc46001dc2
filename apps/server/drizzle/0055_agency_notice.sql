ALTER TABLE "agency_placements" ADD COLUMN "notice_state" varchar(10);--> statement-breakpoint
ALTER TABLE "agency_placements" ADD COLUMN "notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agency_placements" ADD COLUMN "notice_attempts" smallint DEFAULT 0 NOT NULL;