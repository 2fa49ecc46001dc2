CREATE TABLE "reminder_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_date" varchar(10) DEFAULT '' NOT NULL,
	"borrower_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"last_error" varchar(200),
	CONSTRAINT "reminder_sends_once" UNIQUE("kind","subject_id","subject_date"),
	CONSTRAINT "reminder_sends_status_check" CHECK ("reminder_sends"."status" in ('sending', 'sent', 'failed')),
	CONSTRAINT "reminder_sends_sent_check" CHECK (("reminder_sends"."status" = 'sent') = ("reminder_sends"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "kind" varchar(20) DEFAULT 'code' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_sends_retry_idx" ON "reminder_sends" USING btree ("retry_at") WHERE "reminder_sends"."status" = 'failed';