ALTER TABLE "nightly_prices" ADD COLUMN "max_length_of_stay" smallint;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD COLUMN "min_length_of_stay_through" smallint;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD COLUMN "min_advance_booking_days" smallint;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD COLUMN "max_advance_booking_days" smallint;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD CONSTRAINT "nightly_prices_max_length_of_stay_positive" CHECK ("nightly_prices"."max_length_of_stay" >= 1);--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD CONSTRAINT "nightly_prices_min_length_of_stay_through_positive" CHECK ("nightly_prices"."min_length_of_stay_through" >= 1);--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD CONSTRAINT "nightly_prices_advance_booking_days_positive" CHECK ("nightly_prices"."min_advance_booking_days" >= 1 AND "nightly_prices"."max_advance_booking_days" >= 1);