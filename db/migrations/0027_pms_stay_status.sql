CREATE TYPE "public"."reservation_room_stay_status" AS ENUM('expected', 'checked_in', 'checked_out', 'no_show');--> statement-breakpoint
ALTER TABLE "reservation_changes" DROP CONSTRAINT "reservation_changes_action_known";--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD COLUMN "stay_status" "reservation_room_stay_status" DEFAULT 'expected' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD COLUMN "stay_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "pms_confirmation_number" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_stay_status_at_iff_moved" CHECK (("reservation_rooms"."stay_status" = 'expected') = ("reservation_rooms"."stay_status_at" IS NULL));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_acknowledged_at_iff_pms_number" CHECK (("reservations"."pms_confirmation_number" IS NULL) = ("reservations"."acknowledged_at" IS NULL));--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_action_known" CHECK ("reservation_changes"."action" IN ('cancel', 'cancel-room', 'amend', 'precheckin', 'capture', 'acknowledge', 'stay'));