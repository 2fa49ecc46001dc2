DROP INDEX "complaints_status_due_idx";--> statement-breakpoint
CREATE INDEX "complaints_due_idx" ON "complaints" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","due_at","id");