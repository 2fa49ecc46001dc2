CREATE TABLE "complaint_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(40) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"byte_size" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"borrower_id" integer,
	"complaint_id" integer,
	"position" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_images_name_unique" UNIQUE("name"),
	CONSTRAINT "complaint_images_kind_check" CHECK ("complaint_images"."kind" in ('problem', 'reply')),
	CONSTRAINT "complaint_images_owner_check" CHECK (("complaint_images"."kind" = 'problem') = ("complaint_images"."borrower_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "complaint_types" (
	"value" smallint PRIMARY KEY NOT NULL,
	"parent_value" smallint,
	"title_en" varchar(100) NOT NULL,
	"title_es" varchar(100) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_types_value_check" CHECK ("complaint_types"."value" > 0),
	CONSTRAINT "complaint_types_parent_check" CHECK ("complaint_types"."parent_value" is null or "complaint_types"."parent_value" <> "complaint_types"."value")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" varchar(20) GENERATED ALWAYS AS ('RC' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"borrower_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"problem_type" smallint NOT NULL,
	"problem_son_type" smallint,
	"detail" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"score" smallint,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_detail_check" CHECK (char_length("complaints"."detail") between 1 and 200),
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('open', 'replied')),
	CONSTRAINT "complaints_reply_check" CHECK (("complaints"."status" = 'replied') = ("complaints"."replied_at" is not null and "complaints"."reply_text" is not null)),
	CONSTRAINT "complaints_score_check" CHECK ("complaints"."score" is null or ("complaints"."score" between 1 and 5 and "complaints"."status" = 'replied'))
);
--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_images" ADD CONSTRAINT "complaint_images_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_types" ADD CONSTRAINT "complaint_types_parent_value_complaint_types_value_fk" FOREIGN KEY ("parent_value") REFERENCES "public"."complaint_types"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_problem_type_complaint_types_value_fk" FOREIGN KEY ("problem_type") REFERENCES "public"."complaint_types"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_problem_son_type_complaint_types_value_fk" FOREIGN KEY ("problem_son_type") REFERENCES "public"."complaint_types"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_images_complaint_idx" ON "complaint_images" USING btree ("complaint_id","kind","position");--> statement-breakpoint
CREATE INDEX "complaint_images_unattached_idx" ON "complaint_images" USING btree ("created_at") WHERE "complaint_images"."complaint_id" is null;--> statement-breakpoint
CREATE INDEX "complaints_borrower_idx" ON "complaints" USING btree ("borrower_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","due_at");--> statement-breakpoint
INSERT INTO "complaint_types" ("value", "parent_value", "title_en", "title_es", "sort_order") VALUES
	(1, NULL, 'Debt collection', 'Cobranza', 1),
	(2, NULL, 'Loan, charges and repayment', 'Préstamo, cargos y pagos', 2),
	(3, NULL, 'App, account and other matters', 'Aplicación, cuenta y otros temas', 3)
ON CONFLICT ("value") DO NOTHING;--> statement-breakpoint
INSERT INTO "complaint_types" ("value", "parent_value", "title_en", "title_es", "sort_order") VALUES
	(101, 1, 'Threats, insults or harassment', 'Amenazas, insultos u hostigamiento', 1),
	(102, 1, 'Contact with my family, friends or employer', 'Contacto con mi familia, amistades o trabajo', 2),
	(103, 1, 'Calls or messages at unreasonable hours or too often', 'Llamadas o mensajes a deshoras o con demasiada frecuencia', 3),
	(104, 1, 'Disclosure of my debt or personal data', 'Divulgación de mi deuda o de mis datos personales', 4),
	(105, 1, 'Another collection problem', 'Otro problema de cobranza', 5)
ON CONFLICT ("value") DO NOTHING;
