CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"state" varchar(20) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"owed_minor" bigint NOT NULL,
	"expires_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"offered_by_id" integer,
	"offered_by_email" varchar(254) NOT NULL,
	"decided_by_id" integer,
	"decided_by_email" varchar(254),
	"decided_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_email" varchar(254),
	"accepted_at" timestamp with time zone,
	"accept_language" varchar(2),
	"accept_text" text,
	"accept_text_sha256" varchar(64),
	"accept_client_ip" varchar(64),
	"accept_user_agent" varchar(300),
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"waived_principal_minor" bigint DEFAULT 0 NOT NULL,
	"waived_interest_minor" bigint DEFAULT 0 NOT NULL,
	"waived_tax_minor" bigint DEFAULT 0 NOT NULL,
	"waived_late_charges_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_state_check" CHECK ("settlements"."state" in ('awaiting-approval', 'offered', 'accepted', 'settled', 'declined', 'withdrawn', 'lapsed')),
	CONSTRAINT "settlements_amounts_check" CHECK ("settlements"."amount_minor" > 0 and "settlements"."amount_minor" < "settlements"."owed_minor" and "settlements"."paid_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "write_offs" DROP CONSTRAINT "write_offs_amounts_check";--> statement-breakpoint
ALTER TABLE "write_offs" ADD COLUMN "waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_offered_by_id_staff_accounts_id_fk" FOREIGN KEY ("offered_by_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_decided_by_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlements_order_idx" ON "settlements" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_open_idx" ON "settlements" USING btree ("order_id") WHERE "settlements"."state" in ('awaiting-approval', 'offered', 'accepted');--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_amounts_check" CHECK ("write_offs"."principal_minor" >= 0 and "write_offs"."interest_minor" >= 0 and "write_offs"."tax_minor" >= 0 and "write_offs"."late_charges_minor" >= 0 and "write_offs"."recovered_minor" >= 0 and "write_offs"."waived_minor" >= 0);