-- hand-written:
-- The ledger and the payments are written once (docs/decisions/072, 114). Row triggers already
-- refuse UPDATE and DELETE; TRUNCATE fires no row trigger, so each table refuses it by a statement
-- trigger of the same function (TG_OP names the statement).
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "payments_no_truncate" BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
-- Each entry's postings sum to zero. Checked when the transaction commits, not row by row, so the
-- postings of one entry may be written one statement at a time; an entry that does not balance
-- refuses the whole transaction, whoever wrote it.
CREATE FUNCTION "ledger_entry_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT COALESCE(SUM("amount_minor"), 0) INTO total FROM "ledger_postings" WHERE "entry_id" = NEW."entry_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: its postings sum to %', NEW."entry_id", total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balance" AFTER INSERT ON "ledger_postings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_balances"();
