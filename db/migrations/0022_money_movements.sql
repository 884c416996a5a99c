CREATE TYPE "public"."payment_purpose" AS ENUM('booking', 'amendment', 'pre_check_in', 'cancellation', 'capture', 'release');--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "kind" text DEFAULT 'spend' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "returns_redemption_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "awaiting_payment_id" integer;--> statement-breakpoint
-- Written by hand from here to the next statement: rows from before movements had keys get one
-- that names them (no provider ever saw it), so the column can be required of every new row.
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "payments" SET "idempotency_key" = 'legacy-' || "id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" "payment_purpose";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "intent" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "amount_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_returns_redemption_id_voucher_redemptions_id_fk" FOREIGN KEY ("returns_redemption_id") REFERENCES "public"."voucher_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_returns_redemption_id_key" ON "voucher_redemptions" USING btree ("returns_redemption_id") WHERE "voucher_redemptions"."returns_redemption_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_records_awaiting_payment_id_idx" ON "idempotency_records" USING btree ("awaiting_payment_id") WHERE "idempotency_records"."awaiting_payment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_pending_next_attempt_at_idx" ON "payments" USING btree ("next_attempt_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- Written by hand: a spend given back (reversed_at) becomes a return row of its own, dated then.
INSERT INTO "voucher_redemptions" ("gift_voucher_id", "reservation_id", "amount", "kind", "returns_redemption_id", "created_at")
  SELECT "gift_voucher_id", "reservation_id", "amount", 'return', "id", "reversed_at"
  FROM "voucher_redemptions" WHERE "reversed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" DROP COLUMN "reversed_at";--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_kind_known" CHECK ("voucher_redemptions"."kind" IN ('spend', 'return'));--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_return_names_its_spend" CHECK (("voucher_redemptions"."kind" = 'return') = ("voucher_redemptions"."returns_redemption_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_ledger_non_negative" CHECK ("reservations"."amount_paid" >= 0 AND "reservations"."amount_refunded" >= 0 AND "reservations"."amount_held" >= 0);--> statement-breakpoint
-- Written by hand: each booking's ledger columns from the movements it already has. A manual
-- authorisation holds until captured or released; an automatic one, a charge or a capture takes.
-- The feed's stamp is left alone (the trigger is off meanwhile): nothing a PMS reads changed.
-- Enums are compared as text: on a new database every migration runs in one transaction, and
-- values added to an enum by an earlier migration cannot be named as literals in it.
ALTER TABLE "reservations" DISABLE TRIGGER "reservations_stamp_change";--> statement-breakpoint
UPDATE "reservations" r SET
  "amount_refunded" = m.refunded,
  "amount_paid" = m.taken - m.refunded,
  "amount_held" = m.held
FROM (
  SELECT p."reservation_id",
    coalesce(sum(p."amount") FILTER (WHERE p."transaction_type"::text = 'refund'), 0) AS refunded,
    coalesce(sum(p."amount") FILTER (WHERE (p."transaction_type"::text = 'authorisation' AND p."capture_method"::text = 'automatic')
                                        OR p."transaction_type"::text IN ('charge', 'capture')), 0) AS taken,
    coalesce(sum(p."amount") FILTER (WHERE p."transaction_type"::text = 'authorisation' AND p."capture_method"::text = 'manual'), 0)
      - coalesce(sum(p."amount") FILTER (WHERE p."transaction_type"::text IN ('capture', 'void')), 0) AS held
  FROM "payments" p WHERE p."status"::text = 'succeeded' GROUP BY p."reservation_id"
) m
WHERE m."reservation_id" = r."id";--> statement-breakpoint
ALTER TABLE "reservations" ENABLE TRIGGER "reservations_stamp_change";--> statement-breakpoint
-- A movement's bookkeeping (its attempts, next attempt, last error: the reconciler's claims) is
-- nothing the hotel reads: only a change the feed shows touches the booking, or every stuck
-- movement would re-serve its booking to the feed at each claim.
DROP TRIGGER "payments_touch_reservation" ON "payments";--> statement-breakpoint
CREATE TRIGGER "payments_touch_reservation"
  AFTER INSERT OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION touch_reservation('reservation');--> statement-breakpoint
CREATE TRIGGER "payments_touch_reservation_on_update"
  AFTER UPDATE ON "payments"
  FOR EACH ROW
  WHEN ((OLD."status", OLD."amount", OLD."transaction_type", OLD."gateway", OLD."card_type_id", OLD."card_last4", OLD."completed_at", OLD."reservation_id")
        IS DISTINCT FROM (NEW."status", NEW."amount", NEW."transaction_type", NEW."gateway", NEW."card_type_id", NEW."card_last4", NEW."completed_at", NEW."reservation_id"))
  EXECUTE FUNCTION touch_reservation('reservation');
