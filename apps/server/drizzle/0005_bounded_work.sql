CREATE TABLE "promo_event_counts" (
	"day" date NOT NULL,
	"template_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"user_from" varchar(64) DEFAULT '' NOT NULL,
	"app_from" varchar(64) DEFAULT '' NOT NULL,
	"utm_tag" varchar(64) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "promo_event_counts_pkey" PRIMARY KEY("template_id","day","kind","client_type","user_from","app_from","utm_tag"),
	CONSTRAINT "promo_event_counts_kind_check" CHECK ("promo_event_counts"."kind" in ('visit', 'click')),
	CONSTRAINT "promo_event_counts_count_check" CHECK ("promo_event_counts"."count" > 0)
);
--> statement-breakpoint
-- Keep the funnel's history: every stored hit becomes part of its day's count.
INSERT INTO "promo_event_counts" ("day", "template_id", "kind", "client_type", "user_from", "app_from", "utm_tag", "count")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "template_id", "kind", "client_type", "user_from", "app_from", "utm_tag", count(*)
FROM "promo_events"
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
DROP TABLE "promo_events" CASCADE;--> statement-breakpoint
ALTER TABLE "promo_event_counts" ADD CONSTRAINT "promo_event_counts_template_id_promo_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."promo_templates"("id") ON DELETE no action ON UPDATE no action;