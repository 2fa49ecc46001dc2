CREATE TABLE "message_preference_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_preference_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"topic" varchar(32) NOT NULL,
	"enabled" boolean NOT NULL,
	"source" varchar(32) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_preference_changes_topic_check" CHECK ("message_preference_changes"."topic" in ('marketing', 'paymentReminders', 'accountNotices'))
);
--> statement-breakpoint
CREATE TABLE "message_preferences" (
	"borrower_id" integer NOT NULL,
	"topic" varchar(32) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_preferences_borrower_id_topic_pk" PRIMARY KEY("borrower_id","topic"),
	CONSTRAINT "message_preferences_topic_check" CHECK ("message_preferences"."topic" in ('marketing', 'paymentReminders', 'accountNotices'))
);
--> statement-breakpoint
ALTER TABLE "message_preference_changes" ADD CONSTRAINT "message_preference_changes_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_preference_changes_borrower_idx" ON "message_preference_changes" USING btree ("borrower_id","changed_at");