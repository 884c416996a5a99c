ALTER TABLE "reservation_changes" DROP CONSTRAINT "reservation_changes_via_known";--> statement-breakpoint
ALTER TABLE "reservation_changes" DROP CONSTRAINT "reservation_changes_action_known";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_method" "payment_capture_method";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_payment_id" integer;--> statement-breakpoint
-- Hand-written (drizzle cannot express a backfill): every authorisation gets its capture method
-- before the CHECK below requires one. One made for a manual-capture property at a gateway that
-- holds (not PayStack, which takes at once) is a hold, unless a refund already drew on it: the
-- Stripe adapter released or captured-less those itself, and counting them as taken stays right.
UPDATE "payments" p SET "capture_method" = CASE
    WHEN pr."payment_capture_method" = 'manual' AND p."gateway" <> 'paystack'
      AND NOT EXISTS (SELECT 1 FROM "payments" r WHERE r."refunded_payment_id" = p."id") THEN 'manual'::"payment_capture_method"
    ELSE 'automatic'::"payment_capture_method" END
  FROM "reservations" rs JOIN "properties" pr ON pr."id" = rs."property_id"
  WHERE p."transaction_type" = 'authorisation' AND rs."id" = p."reservation_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_held_payment_id_payments_id_fk" FOREIGN KEY ("held_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_held_payment_id_idx" ON "payments" USING btree ("held_payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_capture_method_of_authorisation" CHECK (("payments"."transaction_type" = 'authorisation') = ("payments"."capture_method" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_capture_names_its_hold" CHECK (("payments"."transaction_type" IN ('capture', 'void')) = ("payments"."held_payment_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_via_known" CHECK ("reservation_changes"."via" IN ('link', 'name', 'admin'));--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_action_known" CHECK ("reservation_changes"."action" IN ('cancel', 'cancel-room', 'amend', 'precheckin', 'capture'));