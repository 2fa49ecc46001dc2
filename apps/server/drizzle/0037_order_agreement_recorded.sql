ALTER TABLE "loan_orders" ADD COLUMN "agreement_recorded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "key_facts_recorded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: the orders placed before this migration, from the agreements recorded with them
-- (docs/decisions/212): from now on orders records it itself when it places the order.
UPDATE "loan_orders" AS o SET "agreement_recorded" = true, "key_facts_recorded" = (c."key_facts_sha256" IS NOT NULL) FROM "loan_contracts" AS c WHERE c."order_id" = o."id";
--> statement-breakpoint
-- hand-written: every change to a borrower's session (revoked, last used moved, removed) is told on
-- `lend_changes` as `session:<borrower id>`, so each server forgets the sessions it remembers for
-- that borrower (docs/decisions/212); a new session needs no notice, a server reads it when first used.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lend_changes', 'session:' || COALESCE(NEW."borrower_id", OLD."borrower_id"));
  IF TG_OP = 'UPDATE' AND NEW."borrower_id" <> OLD."borrower_id" THEN
    PERFORM pg_notify('lend_changes', 'session:' || OLD."borrower_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_change_notice" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_notice" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_orders_change"();
