CREATE TABLE "reservations_feed_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" serial NOT NULL,
	"system_identifier" text NOT NULL,
	"timeline_id" integer NOT NULL,
	"database_oid" bigint NOT NULL,
	"started_after" bigint NOT NULL,
	"resync_from" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_feed_generations_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "reservations_feed_state" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_seq" bigint NOT NULL,
	"generation_id" uuid NOT NULL,
	CONSTRAINT "reservations_feed_state_one_row" CHECK ("reservations_feed_state"."one")
);
--> statement-breakpoint
DROP INDEX "reservations_change_xid_id_idx";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "feed_seq" bigint;--> statement-breakpoint
ALTER TABLE "reservations_feed_state" ADD CONSTRAINT "reservations_feed_state_generation_id_reservations_feed_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."reservations_feed_generations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_feed_seq_idx" ON "reservations" USING btree ("feed_seq");--> statement-breakpoint
CREATE INDEX "reservations_feed_pending_idx" ON "reservations" USING btree ("id") WHERE "reservations"."feed_seq" IS NULL;--> statement-breakpoint
-- Written by hand. The feed's place was the transaction that last wrote a booking (0020), and a
-- transaction id means nothing in another cluster: a backup restored elsewhere kept the old ids
-- as data while the new cluster counted from low, and the feed served nothing (issue 38). Its place
-- is now a number the feed's sequencer gives a booking after each change, in commit order, kept as
-- data so a dump copies it (docs/decisions/0013-feed-sequence-numbers.md). A write only marks the
-- booking pending (feed_seq NULL): writers never wait on one another for the feed. The update
-- that gives feed_seq a number is the sequencer's, and must not make the booking pending again.
CREATE OR REPLACE FUNCTION stamp_reservation_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := GREATEST(NEW.updated_at, OLD.updated_at);
    IF NEW.feed_seq IS NOT NULL AND NEW.feed_seq IS DISTINCT FROM OLD.feed_seq THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.feed_seq := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The booking is touched once per transaction as before: a booking already pending whose
-- updated_at has reached this transaction's start would be left as it is by the touch (the stamp
-- keeps the later updated_at), so the row is not rewritten for each guest or extra.
CREATE OR REPLACE FUNCTION touch_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE id = booking AND NOT (feed_seq IS NULL AND updated_at >= now());
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Bookings keep the order the feed served them in, so a PMS that resyncs after the upgrade sees
-- them as before; the first generation is this database's.
UPDATE reservations r SET feed_seq = numbered.seq
  FROM (SELECT id, row_number() OVER (ORDER BY change_xid, id) AS seq FROM reservations) numbered
  WHERE r.id = numbered.id;
--> statement-breakpoint
INSERT INTO reservations_feed_generations (system_identifier, timeline_id, database_oid, started_after)
  SELECT s.system_identifier::text, c.timeline_id, d.oid::bigint, 0
  FROM pg_control_system() s, pg_control_checkpoint() c, pg_database d
  WHERE d.datname = current_database();
--> statement-breakpoint
INSERT INTO reservations_feed_state (last_seq, generation_id)
  SELECT (SELECT COALESCE(max(feed_seq), 0) FROM reservations), id FROM reservations_feed_generations;
--> statement-breakpoint
ALTER TABLE "reservations" DROP COLUMN "change_xid";
