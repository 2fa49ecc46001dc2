-- hand-written:
-- Every change to what an order's details answer shows (the order, its product, its plan, its
-- contract) is told on the channel `lend_changes`, after commit and in commit order, so each
-- server process forgets the answers it remembers for that order (docs/decisions/099).
-- Payloads: `order:<id>`, `product:<id>`, and `all` for a TRUNCATE.
CREATE FUNCTION "notify_order_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'loan_orders' THEN
    PERFORM pg_notify('lend_changes', 'order:' || COALESCE(NEW."id", OLD."id"));
  ELSIF TG_TABLE_NAME = 'products' THEN
    PERFORM pg_notify('lend_changes', 'product:' || COALESCE(NEW."id", OLD."id"));
  ELSE
    PERFORM pg_notify('lend_changes', 'order:' || COALESCE(NEW."order_id", OLD."order_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_all_orders_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lend_changes', 'all');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "loan_orders_change_notice" AFTER INSERT OR UPDATE OR DELETE ON "loan_orders" FOR EACH ROW EXECUTE FUNCTION "notify_order_change"();--> statement-breakpoint
CREATE TRIGGER "loan_installments_change_notice" AFTER INSERT OR UPDATE OR DELETE ON "loan_installments" FOR EACH ROW EXECUTE FUNCTION "notify_order_change"();--> statement-breakpoint
CREATE TRIGGER "loan_contracts_change_notice" AFTER INSERT OR UPDATE OR DELETE ON "loan_contracts" FOR EACH ROW EXECUTE FUNCTION "notify_order_change"();--> statement-breakpoint
CREATE TRIGGER "products_change_notice" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "notify_order_change"();--> statement-breakpoint
CREATE TRIGGER "loan_orders_truncate_notice" AFTER TRUNCATE ON "loan_orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_orders_change"();--> statement-breakpoint
CREATE TRIGGER "loan_installments_truncate_notice" AFTER TRUNCATE ON "loan_installments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_orders_change"();--> statement-breakpoint
CREATE TRIGGER "loan_contracts_truncate_notice" AFTER TRUNCATE ON "loan_contracts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_orders_change"();--> statement-breakpoint
CREATE TRIGGER "products_truncate_notice" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_orders_change"();
