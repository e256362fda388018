-- Every change to what the storefront shows is announced on the channel shop_catalog, from the
-- transaction that makes it, whichever code (or person) makes it: the page cache of every app
-- instance listening on this database drops exactly the pages that show it.
-- Payloads: {"scope":"stock","product":id} when only a quantity changed, {"scope":"product",…}
-- for any other change to a product, {"scope":"all"} for categories (shown on every page).
-- Identical payloads in one transaction are delivered once.
CREATE OR REPLACE FUNCTION shop_announce_product(scope text, product text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product IS NOT NULL THEN
    PERFORM pg_notify('shop_catalog', json_build_object('scope', scope, 'product', product)::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM shop_announce_product('product', OLD.id);
  ELSE
    PERFORM shop_announce_product('product', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_product_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM shop_announce_product('product', OLD.product_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM shop_announce_product('product', NEW.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_variant_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text := 'product';
  product text;
BEGIN
  -- Fields are read only in a branch for their own table (PL/pgSQL may evaluate both sides of AND).
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'stock' THEN
    IF NEW.variant_id = OLD.variant_id AND NEW.size = OLD.size AND NEW.position = OLD.position THEN
      scope := 'stock';
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT v.product_id INTO product FROM variants v WHERE v.id = OLD.variant_id;
    PERFORM shop_announce_product(scope, product);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT v.product_id INTO product FROM variants v WHERE v.id = NEW.variant_id;
    PERFORM shop_announce_product(scope, product);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalog', '{"scope":"all"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION shop_products_changed();
--> statement-breakpoint
CREATE TRIGGER variants_changed AFTER INSERT OR UPDATE OR DELETE ON variants FOR EACH ROW EXECUTE FUNCTION shop_product_rows_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_changed AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW EXECUTE FUNCTION shop_product_rows_changed();
--> statement-breakpoint
CREATE TRIGGER stock_changed AFTER INSERT OR UPDATE OR DELETE ON stock FOR EACH ROW EXECUTE FUNCTION shop_variant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER media_changed AFTER INSERT OR UPDATE OR DELETE ON media FOR EACH ROW EXECUTE FUNCTION shop_variant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION shop_categories_changed();
