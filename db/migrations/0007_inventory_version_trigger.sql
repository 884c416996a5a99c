-- Every transaction that changes a room type's `sold` raises that room type's inventory
-- version once, at commit: the availability calendar's cache is keyed on these versions, so
-- no booking, release or cancellation path can forget to invalidate it. Deferred to commit so
-- the version row is locked only while the transaction commits; deduplicated per room type and
-- transaction with a transaction-local setting. Imports change `total` and rows, and raise the
-- property's catalogue_version instead.
CREATE FUNCTION bump_room_type_inventory_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'hotel.inventory_version_bumped_' || NEW.room_type_id;
BEGIN
  IF current_setting(marker, true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(marker, 'yes', true);
  INSERT INTO room_type_inventory_versions AS v (room_type_id, version) VALUES (NEW.room_type_id, 1)
    ON CONFLICT (room_type_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER room_type_inventory_version_at_commit
  AFTER UPDATE OF sold ON room_type_inventory
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.sold IS DISTINCT FROM NEW.sold)
  EXECUTE FUNCTION bump_room_type_inventory_version();
