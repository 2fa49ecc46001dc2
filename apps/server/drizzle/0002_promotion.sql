CREATE TABLE "promo_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"user_from" varchar(64) DEFAULT '' NOT NULL,
	"app_from" varchar(64) DEFAULT '' NOT NULL,
	"utm_tag" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_events_kind_check" CHECK ("promo_events"."kind" in ('visit', 'click'))
);
--> statement-breakpoint
CREATE TABLE "promo_registrations" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"template_id" integer,
	"user_from" varchar(64) DEFAULT '' NOT NULL,
	"app_from" varchar(64) DEFAULT '' NOT NULL,
	"utm_tag" varchar(64) DEFAULT '' NOT NULL,
	"invite_code" varchar(64) DEFAULT '' NOT NULL,
	"device_id" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(20) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"content" jsonb NOT NULL,
	"banner_url" varchar(300) NOT NULL,
	"colours" jsonb NOT NULL,
	"download_links" jsonb NOT NULL,
	"terms_url" varchar(500) NOT NULL,
	"tracking_code" varchar(100) DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_visitors" (
	"sid_hash" char(64) PRIMARY KEY NOT NULL,
	"template_id" integer,
	"captcha_hash" char(64),
	"captcha_issued_at" timestamp with time zone,
	"captcha_spent_for" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(20) NOT NULL,
	"text" varchar(500) NOT NULL,
	"code" varchar(12) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_events" ADD CONSTRAINT "promo_events_template_id_promo_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_registrations" ADD CONSTRAINT "promo_registrations_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_registrations" ADD CONSTRAINT "promo_registrations_template_id_promo_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_sms_codes" ADD CONSTRAINT "promo_sms_codes_template_id_promo_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_visitors" ADD CONSTRAINT "promo_visitors_template_id_promo_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promo_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_events_template_idx" ON "promo_events" USING btree ("template_id","kind");--> statement-breakpoint
CREATE INDEX "promo_registrations_template_idx" ON "promo_registrations" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "promo_sms_codes_phone_idx" ON "promo_sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "promo_sms_codes_template_idx" ON "promo_sms_codes" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "promo_visitors_expires_idx" ON "promo_visitors" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");