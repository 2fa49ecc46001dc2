CREATE TABLE "refund_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(40) NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"provider_refund_id" varchar(100) NOT NULL,
	"refund_id" integer,
	"status" varchar(10) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_events_once" UNIQUE("provider","event_id","provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" varchar(100);--> statement-breakpoint
ALTER TABLE "refund_events" ADD CONSTRAINT "refund_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_events_refund_idx" ON "refund_events" USING btree ("refund_id");