ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answer_note" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_by" varchar(254);--> statement-breakpoint
CREATE INDEX "borrowers_phone_reversed_idx" ON "borrowers" USING btree (reverse("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "borrowers_name_prefix_idx" ON "borrowers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "borrower_profiles_name_prefix_idx" ON "borrower_profiles" USING btree (lower(coalesce("given_names", '') || ' ' || coalesce("first_surname", '') || ' ' || coalesce("second_surname", '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "borrower_profiles_surname_prefix_idx" ON "borrower_profiles" USING btree (lower("first_surname") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answer_check" CHECK (("contact_messages"."answered_at" is null) = ("contact_messages"."answer_note" is null) and ("contact_messages"."answered_at" is null) = ("contact_messages"."answered_by" is null));