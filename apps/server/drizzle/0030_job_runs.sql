CREATE TABLE "job_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"runner_id" varchar(64) NOT NULL,
	"job" varchar(60) NOT NULL,
	"state" varchar(16) NOT NULL,
	"attempts" integer NOT NULL,
	"server" varchar(120) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"last_error" text,
	CONSTRAINT "job_runs_runner_id_unique" UNIQUE("runner_id")
);
--> statement-breakpoint
CREATE INDEX "job_runs_job_id" ON "job_runs" USING btree ("job","id");