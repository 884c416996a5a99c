CREATE TABLE "room_type_inventory_versions" (
	"room_type_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "catalogue_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_type_inventory_versions" ADD CONSTRAINT "room_type_inventory_versions_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;