CREATE TABLE "staff_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_kind" varchar(16) NOT NULL,
	"subject_id" varchar(64) NOT NULL,
	"staff_id" integer NOT NULL,
	"author_email" varchar(254) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notes_subject_kind_check" CHECK ("staff_notes"."subject_kind" in ('borrower', 'order', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notes_subject_idx" ON "staff_notes" USING btree ("subject_kind","subject_id","created_at");--> statement-breakpoint
-- hand-written:
-- A staff note is a record, as the audit log is (docs/decisions/162, 236): row triggers refuse
-- UPDATE and DELETE, a statement trigger refuses TRUNCATE.
CREATE FUNCTION "staff_notes_are_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'staff notes are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_notes_append_only" BEFORE UPDATE OR DELETE ON "staff_notes" FOR EACH ROW EXECUTE FUNCTION "staff_notes_are_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_notes_no_truncate" BEFORE TRUNCATE ON "staff_notes" FOR EACH STATEMENT EXECUTE FUNCTION "staff_notes_are_append_only"();
