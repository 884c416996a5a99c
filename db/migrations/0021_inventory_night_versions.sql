CREATE TABLE "room_type_inventory_night_versions" (
	"room_type_id" integer NOT NULL,
	"night" date NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "room_type_inventory_night_versions_room_type_id_night_pk" PRIMARY KEY("room_type_id","night")
);
--> statement-breakpoint
ALTER TABLE "room_type_inventory_night_versions" ADD CONSTRAINT "room_type_inventory_night_versions_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_type_inventory_night_versions_version_idx" ON "room_type_inventory_night_versions" USING btree ("room_type_id","version");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express functions). The commit-time trigger of migration
-- 0007 now also records, for every night whose rooms sold changed, the room type's version
-- this transaction raised it to. The transaction's version is kept in the transaction-local
-- setting that used to say only 'yes', so the version row is still raised once per room type
-- and transaction. Versions of a room type commit in order (the version row is locked until
-- commit), so a reader whose snapshot shows version N sees every night changed up to N.
CREATE OR REPLACE FUNCTION bump_room_type_inventory_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'hotel.inventory_version_bumped_' || NEW.room_type_id;
  raised bigint := nullif(current_setting(marker, true), '')::bigint;
BEGIN
  IF raised IS NULL THEN
    INSERT INTO room_type_inventory_versions AS v (room_type_id, version) VALUES (NEW.room_type_id, 1)
      ON CONFLICT (room_type_id) DO UPDATE SET version = v.version + 1
      RETURNING version INTO raised;
    PERFORM set_config(marker, raised::text, true);
  END IF;
  INSERT INTO room_type_inventory_night_versions AS n (room_type_id, night, version) VALUES (NEW.room_type_id, NEW.night, raised)
    ON CONFLICT (room_type_id, night) DO UPDATE SET version = excluded.version WHERE n.version <> excluded.version;
  RETURN NULL;
END $$;
