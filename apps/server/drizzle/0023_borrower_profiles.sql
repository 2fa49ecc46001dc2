CREATE TABLE "borrower_profiles" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"market" varchar(2) NOT NULL,
	"given_names" varchar(60),
	"first_surname" varchar(60),
	"second_surname" varchar(60),
	"birth_date" date,
	"national_id_kind" varchar(4),
	"national_id" varchar(18),
	"aadhaar_last4" char(4),
	"identity_saved_at" timestamp with time zone,
	"address_line1" varchar(200),
	"address_line2" varchar(200),
	"city" varchar(200),
	"state" varchar(200),
	"postal_code" varchar(6),
	"address_saved_at" timestamp with time zone,
	"employment" varchar(20),
	"employer_name" varchar(100),
	"monthly_income_minor" bigint,
	"monthly_debt_payments_minor" bigint,
	"employment_saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_profiles_market_check" CHECK ("borrower_profiles"."market" in ('MX', 'IN')),
	CONSTRAINT "borrower_profiles_national_id_kind_check" CHECK ("borrower_profiles"."national_id_kind" in ('curp', 'pan')),
	CONSTRAINT "borrower_profiles_aadhaar_check" CHECK ("borrower_profiles"."aadhaar_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "borrower_profiles_income_check" CHECK ("borrower_profiles"."monthly_income_minor" > 0 and "borrower_profiles"."monthly_debt_payments_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "device_records" (
	"borrower_id" integer NOT NULL,
	"device_id" varchar(128) NOT NULL,
	"os" varchar(10) NOT NULL,
	"os_version" varchar(128) NOT NULL,
	"device_model" varchar(128) NOT NULL,
	"app_version" varchar(128) NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_records_borrower_id_device_id_pk" PRIMARY KEY("borrower_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"account_number" varchar(18) NOT NULL,
	"bank_code" varchar(11) NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"holder_name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_kind_check" CHECK ("payout_accounts"."kind" in ('clabe', 'bank-account'))
);
--> statement-breakpoint
CREATE TABLE "profile_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"text_version" varchar(40) NOT NULL,
	"source" varchar(64) NOT NULL,
	"ip" varchar(64),
	"device_id" varchar(128),
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "profile_consents_kind_check" CHECK ("profile_consents"."kind" in ('privacy-notice', 'credit-bureau', 'e-signature', 'sms', 'device-data'))
);
--> statement-breakpoint
CREATE TABLE "profile_images" (
	"borrower_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(40) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_images_borrower_id_kind_pk" PRIMARY KEY("borrower_id","kind"),
	CONSTRAINT "profile_images_name_unique" UNIQUE("name"),
	CONSTRAINT "profile_images_kind_check" CHECK ("profile_images"."kind" in ('id-front', 'id-back', 'selfie'))
);
--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD CONSTRAINT "borrower_profiles_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_records" ADD CONSTRAINT "device_records_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_consents" ADD CONSTRAINT "profile_consents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "borrower_profiles_national_id_idx" ON "borrower_profiles" USING btree ("national_id_kind","national_id");--> statement-breakpoint
CREATE INDEX "device_records_device_idx" ON "device_records" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_active_idx" ON "payout_accounts" USING btree ("borrower_id") WHERE "payout_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_consents_live_idx" ON "profile_consents" USING btree ("borrower_id","kind") WHERE "profile_consents"."withdrawn_at" is null;