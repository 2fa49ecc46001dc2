ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_entry" UNIQUE("order_id","id");--> statement-breakpoint
DROP INDEX "ledger_entries_order_idx";--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_order_fk" FOREIGN KEY ("order_id","entry_id") REFERENCES "public"."ledger_entries"("order_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk";
