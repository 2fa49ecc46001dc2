CREATE TABLE "agency_placements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_by" varchar(254) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recalled_at" timestamp with time zone,
	"recalled_by" varchar(254),
	"recall_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_agencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_agencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"market" varchar(2) NOT NULL,
	"name" varchar(120) NOT NULL,
	"registration" varchar(60) DEFAULT '' NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_placements" ADD CONSTRAINT "agency_placements_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_placements" ADD CONSTRAINT "agency_placements_agency_id_collection_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."collection_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_placements_order_idx" ON "agency_placements" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_placements_standing_idx" ON "agency_placements" USING btree ("order_id") WHERE "agency_placements"."recalled_at" is null;--> statement-breakpoint
CREATE INDEX "collection_agencies_market_idx" ON "collection_agencies" USING btree ("market","name");