CREATE TABLE "arco_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arco_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" varchar(20) GENERATED ALWAYS AS ('AR' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"borrower_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"answer_due" date NOT NULL,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arco_requests_kind_check" CHECK ("arco_requests"."kind" in ('access', 'rectification', 'cancellation', 'opposition')),
	CONSTRAINT "arco_requests_status_check" CHECK ("arco_requests"."status" in ('open', 'answered')),
	CONSTRAINT "arco_requests_description_check" CHECK (char_length("arco_requests"."description") <= 1000),
	CONSTRAINT "arco_requests_answer_check" CHECK (("arco_requests"."status" = 'answered') = ("arco_requests"."answered_at" is not null and "arco_requests"."answer_text" is not null))
);
--> statement-breakpoint
ALTER TABLE "arco_requests" ADD CONSTRAINT "arco_requests_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arco_requests_borrower_idx" ON "arco_requests" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE INDEX "arco_requests_status_due_idx" ON "arco_requests" USING btree ("status","answer_due");