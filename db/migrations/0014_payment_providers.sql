CREATE TYPE "public"."payment_capture_method" AS ENUM('automatic', 'manual');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('test', 'stripe', 'paystack');--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "payment_provider" "payment_provider" DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "payment_public_key" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "payment_capture_method" "payment_capture_method" DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "payment_provider" = 'paystack' WHERE "pay_by_paystack";
