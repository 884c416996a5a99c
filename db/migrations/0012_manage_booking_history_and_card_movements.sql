ALTER TYPE "public"."payment_transaction_type" ADD VALUE 'charge';--> statement-breakpoint
CREATE TABLE "reservation_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "reservation_changes_via_known" CHECK ("reservation_changes"."via" IN ('link', 'name')),
	CONSTRAINT "reservation_changes_action_known" CHECK ("reservation_changes"."action" IN ('cancel', 'cancel-room', 'amend'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_payment_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_changes" ADD CONSTRAINT "reservation_changes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_changes_reservation_id_at_idx" ON "reservation_changes" USING btree ("reservation_id","at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_payment_id_payments_id_fk" FOREIGN KEY ("refunded_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_refunded_payment_id_idx" ON "payments" USING btree ("refunded_payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_names_its_payment" CHECK (("payments"."transaction_type" = 'refund') = ("payments"."refunded_payment_id" IS NOT NULL));--> statement-breakpoint
-- The change history is evidence: once written, a row is neither rewritten nor removed, by the
-- API or by anyone with a SQL prompt short of dropping the trigger.
CREATE FUNCTION refuse_reservation_change_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reservation_changes is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER reservation_changes_append_only
  BEFORE UPDATE OR DELETE ON reservation_changes
  FOR EACH ROW
  EXECUTE FUNCTION refuse_reservation_change_rewrite();
