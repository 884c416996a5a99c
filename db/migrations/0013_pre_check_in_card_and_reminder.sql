ALTER TYPE "public"."mail_kind" ADD VALUE 'pre_check_in_reminder';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'pre_check_in_completed';--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "pre_check_in_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_gateway" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_token" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_brand" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_last4" char(4);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_expiry_month" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "card_on_file_expiry_year" integer;