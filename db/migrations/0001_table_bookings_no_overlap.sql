-- Two standing bookings never overlap on one restaurant table (code checks give the message;
-- constraints are for truth). drizzle-kit cannot express an exclusion constraint, so it lives in this
-- custom migration. btree_gist lets the gist index compare "table_id" with "="; it is a
-- trusted extension (a database owner may create it). PGlite must be created with
-- @electric-sql/pglite/contrib/btree_gist among its extensions for this to succeed.
-- Bookings are half-open [starts_at, ends_at): one may start when the previous one ends.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_no_overlap"
  EXCLUDE USING gist ("table_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("cancelled_at" IS NULL);
