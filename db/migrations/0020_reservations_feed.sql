ALTER TABLE "reservations" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_change_xid_id_idx" ON "reservations" USING btree ("change_xid","id");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers). The reservations feed
-- (GET /api/Admin/Reservations) orders changes by the id of the transaction that made them and
-- serves only those below the oldest transaction still running, so a cursor never passes a
-- change that commits later. For that, every write to a booking stamps its transaction on the
-- reservations row, whichever use case makes it: the row's own inserts and updates here, and
-- writes to its rooms, guests, extras, payments and history through touch_reservation below.
-- `updated_at` never moves back, so `updatedSince` finds a booking by its latest change.
CREATE FUNCTION stamp_reservation_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := GREATEST(NEW.updated_at, OLD.updated_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reservations_stamp_change
  BEFORE INSERT OR UPDATE ON reservations
  FOR EACH ROW
  EXECUTE FUNCTION stamp_reservation_change();
--> statement-breakpoint
-- A row belonging to a booking changed: the booking is updated once per transaction (the
-- condition skips a booking this transaction already stamped, such as one it is creating).
-- TG_ARGV[0] says how the row names its booking: 'room' through reservation_room_id, otherwise
-- reservation_id. A row whose room or booking is being deleted with it finds none.
CREATE FUNCTION touch_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  booking integer;
BEGIN
  IF TG_ARGV[0] = 'room' THEN
    SELECT reservation_id INTO booking FROM reservation_rooms WHERE id = (changed->>'reservation_room_id')::integer;
  ELSE
    booking := (changed->>'reservation_id')::integer;
  END IF;
  UPDATE reservations SET updated_at = now()
    WHERE id = booking AND change_xid <> pg_current_xact_id();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reservation_rooms_touch_reservation
  AFTER INSERT OR UPDATE OR DELETE ON reservation_rooms
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('reservation');
--> statement-breakpoint
CREATE TRIGGER guests_touch_reservation
  AFTER INSERT OR UPDATE OR DELETE ON guests
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('room');
--> statement-breakpoint
CREATE TRIGGER reservation_services_touch_reservation
  AFTER INSERT OR UPDATE OR DELETE ON reservation_services
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('room');
--> statement-breakpoint
CREATE TRIGGER payments_touch_reservation
  AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('reservation');
--> statement-breakpoint
CREATE TRIGGER reservation_changes_touch_reservation
  AFTER INSERT ON reservation_changes
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('reservation');
