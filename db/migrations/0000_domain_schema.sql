CREATE TYPE "public"."one_time_token_purpose" AS ENUM('confirm_email', 'reset_password');--> statement-breakpoint
CREATE TYPE "public"."mail_kind" AS ENUM('booking_confirmation', 'booking_amendment', 'booking_cancellation', 'table_booking', 'email_confirmation', 'password_reset');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'requires_action', 'succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_transaction_type" AS ENUM('authorisation', 'capture', 'refund', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('PayByCard', 'PayByIndividualInvoice', 'PayByVoucher', 'PayByCompanyInvoice', 'PayByPayStack');--> statement-breakpoint
CREATE TYPE "public"."reservation_room_status" AS ENUM('booked', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('pending_payment', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."table_booking_status" AS ENUM('confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."service_charge_type" AS ENUM('PerStay', 'PerDay', 'PerQuantity');--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"purpose" "one_time_token_purpose" NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "one_time_tokens_token_hash_is_sha256_hex" CHECK ("one_time_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_token" text NOT NULL,
	"card_type_id" smallint NOT NULL,
	"last4" char(4) NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"name_on_card" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_user_id_gateway_token_key" UNIQUE("user_id","gateway","gateway_token"),
	CONSTRAINT "saved_cards_last4_digits" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_expiry_month_range" CHECK ("saved_cards"."expiry_month" BETWEEN 1 AND 12),
	CONSTRAINT "saved_cards_expiry_year_range" CHECK ("saved_cards"."expiry_year" BETWEEN 2000 AND 2200)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"telephone" text,
	"receive_brand_offers" boolean DEFAULT false NOT NULL,
	"can_choose_payment_method" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"registered_property_id" integer,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor" text,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"ip" "inet",
	"request_id" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_property_id_account_id_key" UNIQUE("property_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"code" text NOT NULL,
	"initial_amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"expires_on" date,
	"is_experience" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_balance_non_negative" CHECK ("gift_vouchers"."balance" >= 0),
	CONSTRAINT "gift_vouchers_initial_amount_non_negative" CHECK ("gift_vouchers"."initial_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gift_voucher_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "voucher_redemptions_amount_positive" CHECK ("voucher_redemptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_key_scope_pk" PRIMARY KEY("key","scope"),
	CONSTRAINT "idempotency_records_response_status_range" CHECK ("idempotency_records"."response_status" BETWEEN 100 AND 599)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "mail_kind" NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"reservation_id" integer,
	"table_booking_id" integer,
	"user_id" integer,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_attempts_non_negative" CHECK ("mail_outbox"."attempts" >= 0),
	CONSTRAINT "mail_outbox_sent_at_iff_sent" CHECK (("mail_outbox"."status" = 'sent') = ("mail_outbox"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"transaction_type" "payment_transaction_type" NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"card_type_id" smallint,
	"card_last4" char(4),
	"card_expiry_month" smallint,
	"card_expiry_year" smallint,
	"saved_card_id" integer,
	"gateway_reference" text,
	"gateway_token" text,
	"challenge_url" text,
	"challenge_id" text,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency_format" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_card_last4_digits" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payments_card_expiry_month_range" CHECK ("payments"."card_expiry_month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "promotion_rate_plans" (
	"promotion_id" integer NOT NULL,
	"rate_plan_id" integer NOT NULL,
	CONSTRAINT "promotion_rate_plans_promotion_id_rate_plan_id_pk" PRIMARY KEY("promotion_id","rate_plan_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_room_types" (
	"promotion_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	CONSTRAINT "promotion_room_types_promotion_id_room_type_id_pk" PRIMARY KEY("promotion_id","room_type_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"discount_basis_points" integer,
	"discount_amount_per_night" integer,
	"stay_from" date,
	"stay_to" date,
	"stay_weekdays" smallint[],
	"stay_months" smallint[],
	"book_from" date,
	"book_to" date,
	"min_length_of_stay" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_exactly_one_discount" CHECK (num_nonnulls("promotions"."discount_basis_points", "promotions"."discount_amount_per_night") = 1),
	CONSTRAINT "promotions_discount_percent_range" CHECK ("promotions"."discount_basis_points" BETWEEN 1 AND 10000),
	CONSTRAINT "promotions_discount_amount_positive" CHECK ("promotions"."discount_amount_per_night" > 0),
	CONSTRAINT "promotions_stay_window_ordered" CHECK ("promotions"."stay_to" >= "promotions"."stay_from"),
	CONSTRAINT "promotions_book_window_ordered" CHECK ("promotions"."book_to" >= "promotions"."book_from"),
	CONSTRAINT "promotions_stay_weekdays_valid" CHECK ("promotions"."stay_weekdays" <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND cardinality("promotions"."stay_weekdays") > 0),
	CONSTRAINT "promotions_stay_months_valid" CHECK ("promotions"."stay_months" <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]::smallint[] AND cardinality("promotions"."stay_months") > 0),
	CONSTRAINT "promotions_min_length_of_stay_positive" CHECK ("promotions"."min_length_of_stay" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cancellation_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancellation_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cancellation_reasons_property_id_text_key" UNIQUE("property_id","text")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"currency" char(3) DEFAULT 'GBP' NOT NULL,
	"available_currencies" char(3)[] DEFAULT '{}' NOT NULL,
	"address" text,
	"email" text,
	"telephone" text,
	"website_url" text,
	"privacy_policy_url" text,
	"terms_and_conditions_url" text,
	"logo_file_url" text,
	"property_image_url" text,
	"hotel_rating" smallint,
	"google_tag_manager_container_id" text,
	"facebook_pixel_id" text,
	"default_phone_country_code" char(2) DEFAULT 'GB' NOT NULL,
	"standard_vat_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"is_standard_tax_exclusive" boolean DEFAULT false NOT NULL,
	"pay_by_paystack" boolean DEFAULT false NOT NULL,
	"theme" jsonb,
	"enable_children_search" boolean DEFAULT false NOT NULL,
	"enable_infant_search" boolean DEFAULT false NOT NULL,
	"default_occupancy_adult" smallint DEFAULT 1 NOT NULL,
	"default_occupancy_children" smallint DEFAULT 0 NOT NULL,
	"default_occupancy_infant" smallint DEFAULT 0 NOT NULL,
	"adult_maximum_occupancy" smallint,
	"child_maximum_occupancy" smallint,
	"adult_label" text DEFAULT 'Adults' NOT NULL,
	"children_label" text DEFAULT 'Children' NOT NULL,
	"infant_label" text DEFAULT 'Infants' NOT NULL,
	"show_room_type_occupancy" boolean DEFAULT false NOT NULL,
	"booking_configuration" jsonb NOT NULL,
	"manage_booking_configuration" jsonb NOT NULL,
	"pre_check_in_configuration" jsonb NOT NULL,
	"definition" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_code_unique" UNIQUE("code"),
	CONSTRAINT "properties_currency_format" CHECK ("properties"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "properties_hotel_rating_range" CHECK ("properties"."hotel_rating" BETWEEN 0 AND 7),
	CONSTRAINT "properties_vat_rate_range" CHECK ("properties"."standard_vat_rate_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "properties_default_occupancy_non_negative" CHECK ("properties"."default_occupancy_adult" >= 0 AND "properties"."default_occupancy_children" >= 0 AND "properties"."default_occupancy_infant" >= 0),
	CONSTRAINT "properties_maximum_occupancy_non_negative" CHECK ("properties"."adult_maximum_occupancy" >= 0 AND "properties"."child_maximum_occupancy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "property_card_types" (
	"property_id" integer NOT NULL,
	"card_type_id" smallint NOT NULL,
	CONSTRAINT "property_card_types_property_id_card_type_id_pk" PRIMARY KEY("property_id","card_type_id")
);
--> statement-breakpoint
CREATE TABLE "property_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "nightly_prices" (
	"rate_plan_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"night" date NOT NULL,
	"base_rate" integer NOT NULL,
	"base_number_of_adults" smallint DEFAULT 2 NOT NULL,
	"cost_per_room" integer DEFAULT 0 NOT NULL,
	"cost_per_adult" integer DEFAULT 0 NOT NULL,
	"cost_per_child" integer DEFAULT 0 NOT NULL,
	"cost_per_infant" integer DEFAULT 0 NOT NULL,
	"per_person_cost_per_adult" integer DEFAULT 0 NOT NULL,
	"per_person_cost_per_child" integer DEFAULT 0 NOT NULL,
	"per_person_cost_per_infant" integer DEFAULT 0 NOT NULL,
	"min_length_of_stay" smallint DEFAULT 1 NOT NULL,
	"closed_to_arrival" boolean DEFAULT false NOT NULL,
	"closed_to_departure" boolean DEFAULT false NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	CONSTRAINT "nightly_prices_rate_plan_id_room_type_id_night_pk" PRIMARY KEY("rate_plan_id","room_type_id","night"),
	CONSTRAINT "nightly_prices_components_non_negative" CHECK ("nightly_prices"."base_rate" >= 0 AND "nightly_prices"."cost_per_room" >= 0 AND "nightly_prices"."cost_per_adult" >= 0 AND "nightly_prices"."cost_per_child" >= 0 AND "nightly_prices"."cost_per_infant" >= 0 AND "nightly_prices"."per_person_cost_per_adult" >= 0 AND "nightly_prices"."per_person_cost_per_child" >= 0 AND "nightly_prices"."per_person_cost_per_infant" >= 0),
	CONSTRAINT "nightly_prices_base_number_of_adults_non_negative" CHECK ("nightly_prices"."base_number_of_adults" >= 0),
	CONSTRAINT "nightly_prices_min_length_of_stay_positive" CHECK ("nightly_prices"."min_length_of_stay" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"policy" text DEFAULT '' NOT NULL,
	"cancellation_deadline_hours" integer,
	"requires_code" boolean DEFAULT false NOT NULL,
	"can_pay_by_company_invoice" boolean DEFAULT false NOT NULL,
	"use_occupancy_for_rate_plan" boolean DEFAULT false NOT NULL,
	"maximum_occupancy" smallint,
	"minimum_occupancy" smallint,
	"adult_maximum_occupancy" smallint,
	"child_maximum_occupancy" smallint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_property_id_code_key" UNIQUE("property_id","code"),
	CONSTRAINT "rate_plans_cancellation_deadline_non_negative" CHECK ("rate_plans"."cancellation_deadline_hours" >= 0),
	CONSTRAINT "rate_plans_occupancy_non_negative" CHECK ("rate_plans"."maximum_occupancy" >= 0 AND "rate_plans"."minimum_occupancy" >= 0 AND "rate_plans"."adult_maximum_occupancy" >= 0 AND "rate_plans"."child_maximum_occupancy" >= 0),
	CONSTRAINT "rate_plans_occupancy_min_not_above_max" CHECK ("rate_plans"."minimum_occupancy" <= "rate_plans"."maximum_occupancy")
);
--> statement-breakpoint
CREATE TABLE "card_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "card_types_code_unique" UNIQUE("code"),
	CONSTRAINT "card_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" smallint PRIMARY KEY NOT NULL,
	"alpha_2" char(2) NOT NULL,
	"alpha_3" char(3) NOT NULL,
	"name" text NOT NULL,
	"dialling_code" text,
	CONSTRAINT "countries_alpha_2_unique" UNIQUE("alpha_2"),
	CONSTRAINT "countries_alpha_3_unique" UNIQUE("alpha_3"),
	CONSTRAINT "countries_alpha_2_format" CHECK ("countries"."alpha_2" ~ '^[A-Z]{2}$'),
	CONSTRAINT "countries_alpha_3_format" CHECK ("countries"."alpha_3" ~ '^[A-Z]{3}$'),
	CONSTRAINT "countries_dialling_code_format" CHECK ("countries"."dialling_code" ~ '^\+[0-9]{1,4}$')
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"base" char(3) NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_base_currency_pk" PRIMARY KEY("base","currency"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_distinct_currencies" CHECK ("exchange_rates"."base" <> "exchange_rates"."currency")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_room_id" integer NOT NULL,
	"individual_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"is_lead" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"street" text,
	"city" text,
	"state_or_county" text,
	"zip_code" text,
	"country_id" smallint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"rate_plan_id" integer NOT NULL,
	"room_configuration_id" integer,
	"room_configuration_label" text,
	"adults" smallint NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"price_components" jsonb NOT NULL,
	"total" integer NOT NULL,
	"original_total" integer NOT NULL,
	"vat" integer DEFAULT 0 NOT NULL,
	"promotion_id" integer,
	"promotion_code" text,
	"status" "reservation_room_status" DEFAULT 'booked' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_rooms_dates_ordered" CHECK ("reservation_rooms"."date_to" > "reservation_rooms"."date_from"),
	CONSTRAINT "reservation_rooms_party_valid" CHECK ("reservation_rooms"."adults" >= 0 AND "reservation_rooms"."children" >= 0 AND "reservation_rooms"."infants" >= 0 AND "reservation_rooms"."adults" + "reservation_rooms"."children" + "reservation_rooms"."infants" > 0),
	CONSTRAINT "reservation_rooms_amounts_non_negative" CHECK ("reservation_rooms"."total" >= 0 AND "reservation_rooms"."original_total" >= 0 AND "reservation_rooms"."vat" >= 0),
	CONSTRAINT "reservation_rooms_cancelled_at_iff_cancelled" CHECK (("reservation_rooms"."status" = 'cancelled') = ("reservation_rooms"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "reservation_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_room_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_services_reservation_room_id_service_id_key" UNIQUE("reservation_room_id","service_id"),
	CONSTRAINT "reservation_services_quantity_positive" CHECK ("reservation_services"."quantity" > 0),
	CONSTRAINT "reservation_services_amounts_non_negative" CHECK ("reservation_services"."unit_price" >= 0 AND "reservation_services"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"reservation_number" text NOT NULL,
	"confirmation_token_hash" text NOT NULL,
	"status" "reservation_status" DEFAULT 'pending_payment' NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"booker_individual_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booker_first_name" text NOT NULL,
	"booker_last_name" text NOT NULL,
	"booker_email" text NOT NULL,
	"booker_phone" text NOT NULL,
	"booker_street" text,
	"booker_city" text,
	"booker_state_or_county" text,
	"booker_zip_code" text,
	"booker_country_id" smallint,
	"opt_in_to_receive_updates" boolean DEFAULT false NOT NULL,
	"company_id" integer,
	"company_account_id" text,
	"company_name" text,
	"po_number" text,
	"payment_type" "payment_type" NOT NULL,
	"promo_code" text,
	"gift_voucher_code" text,
	"voucher_discount" integer DEFAULT 0 NOT NULL,
	"total_rooms" integer NOT NULL,
	"total_services" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"total_vat" integer DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"vat_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"is_tax_exclusive" boolean DEFAULT false NOT NULL,
	"special_requests" text,
	"comment" text,
	"language_code" text DEFAULT 'en' NOT NULL,
	"is_app_booking" boolean DEFAULT false NOT NULL,
	"browser_data" jsonb,
	"user_id" integer,
	"confirmed_at" timestamp with time zone,
	"pre_check_in_completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "reservations_confirmation_token_hash_unique" UNIQUE("confirmation_token_hash"),
	CONSTRAINT "reservations_dates_ordered" CHECK ("reservations"."date_to" > "reservations"."date_from"),
	CONSTRAINT "reservations_confirmation_token_hash_is_sha256_hex" CHECK ("reservations"."confirmation_token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "reservations_amounts_non_negative" CHECK ("reservations"."total_rooms" >= 0 AND "reservations"."total_services" >= 0 AND "reservations"."voucher_discount" >= 0 AND "reservations"."total" >= 0 AND "reservations"."total_vat" >= 0),
	CONSTRAINT "reservations_total_adds_up" CHECK ("reservations"."total" = "reservations"."total_rooms" + "reservations"."total_services" - "reservations"."voucher_discount"),
	CONSTRAINT "reservations_vat_rate_range" CHECK ("reservations"."vat_rate_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "reservations_currency_format" CHECK ("reservations"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "reservations_cancelled_at_iff_cancelled" CHECK (("reservations"."status" = 'cancelled') = ("reservations"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "restaurant_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"from_time" time NOT NULL,
	"to_time" time NOT NULL,
	CONSTRAINT "restaurant_promotions_restaurant_id_name_key" UNIQUE("restaurant_id","name"),
	CONSTRAINT "restaurant_promotions_times_ordered" CHECK ("restaurant_promotions"."to_time" >= "restaurant_promotions"."from_time")
);
--> statement-breakpoint
CREATE TABLE "restaurant_sittings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_sittings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"first_start" time NOT NULL,
	"last_start" time NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"duration_minutes" smallint NOT NULL,
	CONSTRAINT "restaurant_sittings_weekdays_valid" CHECK ("restaurant_sittings"."weekdays" <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND cardinality("restaurant_sittings"."weekdays") > 0),
	CONSTRAINT "restaurant_sittings_starts_ordered" CHECK ("restaurant_sittings"."last_start" >= "restaurant_sittings"."first_start"),
	CONSTRAINT "restaurant_sittings_minutes_positive" CHECK ("restaurant_sittings"."interval_minutes" > 0 AND "restaurant_sittings"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "restaurant_tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"label" text NOT NULL,
	"capacity" smallint NOT NULL,
	CONSTRAINT "restaurant_tables_restaurant_id_label_key" UNIQUE("restaurant_id","label"),
	CONSTRAINT "restaurant_tables_capacity_positive" CHECK ("restaurant_tables"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_online_party_size" smallint DEFAULT 1 NOT NULL,
	"max_online_party_size" smallint NOT NULL,
	"no_availability_text" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_party_size_bounds" CHECK ("restaurants"."min_online_party_size" >= 1 AND "restaurants"."max_online_party_size" >= "restaurants"."min_online_party_size")
);
--> statement-breakpoint
CREATE TABLE "table_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"booking_reference" text NOT NULL,
	"status" "table_booking_status" DEFAULT 'confirmed' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"visit_date" date NOT NULL,
	"visit_time" time NOT NULL,
	"party_size" smallint NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"special_requests" text,
	"promotion_id" integer,
	"identifier" text,
	"reservation_id" integer,
	"is_leave_time_required" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_bookings_booking_reference_unique" UNIQUE("booking_reference"),
	CONSTRAINT "table_bookings_times_ordered" CHECK ("table_bookings"."ends_at" > "table_bookings"."starts_at"),
	CONSTRAINT "table_bookings_party_size_positive" CHECK ("table_bookings"."party_size" > 0),
	CONSTRAINT "table_bookings_cancelled_at_iff_cancelled" CHECK (("table_bookings"."status" = 'cancelled') = ("table_bookings"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_type_id" integer NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"rooms" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_nights_ordered" CHECK ("closures"."last_night" >= "closures"."first_night"),
	CONSTRAINT "closures_rooms_positive" CHECK ("closures"."rooms" > 0)
);
--> statement-breakpoint
CREATE TABLE "room_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_type_id" integer NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_configurations_room_type_id_label_key" UNIQUE("room_type_id","label")
);
--> statement-breakpoint
CREATE TABLE "room_type_inventory" (
	"room_type_id" integer NOT NULL,
	"night" date NOT NULL,
	"total" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_type_inventory_room_type_id_night_pk" PRIMARY KEY("room_type_id","night"),
	CONSTRAINT "room_type_inventory_sold_within_total" CHECK ("room_type_inventory"."sold" >= 0 AND "room_type_inventory"."sold" <= "room_type_inventory"."total")
);
--> statement-breakpoint
CREATE TABLE "room_type_upgrades" (
	"from_room_type_id" integer NOT NULL,
	"to_room_type_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_type_upgrades_from_room_type_id_to_room_type_id_pk" PRIMARY KEY("from_room_type_id","to_room_type_id"),
	CONSTRAINT "room_type_upgrades_not_to_itself" CHECK ("room_type_upgrades"."from_room_type_id" <> "room_type_upgrades"."to_room_type_id")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_urls" text[] DEFAULT '{}' NOT NULL,
	"maximum_occupancy" smallint,
	"minimum_occupancy" smallint,
	"adult_maximum_occupancy" smallint,
	"child_maximum_occupancy" smallint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_types_property_id_code_key" UNIQUE("property_id","code"),
	CONSTRAINT "room_types_occupancy_non_negative" CHECK ("room_types"."maximum_occupancy" >= 0 AND "room_types"."minimum_occupancy" >= 0 AND "room_types"."adult_maximum_occupancy" >= 0 AND "room_types"."child_maximum_occupancy" >= 0),
	CONSTRAINT "room_types_occupancy_min_not_above_max" CHECK ("room_types"."minimum_occupancy" <= "room_types"."maximum_occupancy")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_type_id" integer NOT NULL,
	"number" text NOT NULL,
	CONSTRAINT "rooms_room_type_id_number_key" UNIQUE("room_type_id","number")
);
--> statement-breakpoint
CREATE TABLE "service_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_articles_price_non_negative" CHECK ("service_articles"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_inventory" (
	"service_id" integer NOT NULL,
	"night" date NOT NULL,
	"total" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_inventory_service_id_night_pk" PRIMARY KEY("service_id","night"),
	CONSTRAINT "service_inventory_used_within_total" CHECK ("service_inventory"."used" >= 0 AND "service_inventory"."used" <= "service_inventory"."total")
);
--> statement-breakpoint
CREATE TABLE "service_rate_plans" (
	"service_id" integer NOT NULL,
	"rate_plan_id" integer NOT NULL,
	CONSTRAINT "service_rate_plans_service_id_rate_plan_id_pk" PRIMARY KEY("service_id","rate_plan_id")
);
--> statement-breakpoint
CREATE TABLE "service_room_types" (
	"service_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	CONSTRAINT "service_room_types_service_id_room_type_id_pk" PRIMARY KEY("service_id","room_type_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"charge_type" "service_charge_type" NOT NULL,
	"charge_per_person" boolean DEFAULT false NOT NULL,
	"allow_edit_on_booking_engine" boolean DEFAULT true NOT NULL,
	"starting_inventory" integer,
	"offered_from" date,
	"offered_to" date,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_property_id_code_key" UNIQUE("property_id","code"),
	CONSTRAINT "services_starting_inventory_non_negative" CHECK ("services"."starting_inventory" >= 0),
	CONSTRAINT "services_offered_window_ordered" CHECK ("services"."offered_to" >= "services"."offered_from")
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registered_property_id_properties_id_fk" FOREIGN KEY ("registered_property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_table_booking_id_table_bookings_id_fk" FOREIGN KEY ("table_booking_id") REFERENCES "public"."table_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rate_plans" ADD CONSTRAINT "promotion_rate_plans_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rate_plans" ADD CONSTRAINT "promotion_rate_plans_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_room_types" ADD CONSTRAINT "promotion_room_types_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_room_types" ADD CONSTRAINT "promotion_room_types_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD CONSTRAINT "cancellation_reasons_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_group_id_property_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."property_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_default_phone_country_code_countries_alpha_2_fk" FOREIGN KEY ("default_phone_country_code") REFERENCES "public"."countries"("alpha_2") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_card_types" ADD CONSTRAINT "property_card_types_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_card_types" ADD CONSTRAINT "property_card_types_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD CONSTRAINT "nightly_prices_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightly_prices" ADD CONSTRAINT "nightly_prices_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_reservation_room_id_reservation_rooms_id_fk" FOREIGN KEY ("reservation_room_id") REFERENCES "public"."reservation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_room_configuration_id_fk" FOREIGN KEY ("room_configuration_id") REFERENCES "public"."room_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_cancellation_reason_id_fk" FOREIGN KEY ("cancellation_reason_id") REFERENCES "public"."cancellation_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_services" ADD CONSTRAINT "reservation_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_services" ADD CONSTRAINT "reservation_services_reservation_room_id_fk" FOREIGN KEY ("reservation_room_id") REFERENCES "public"."reservation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_booker_country_id_countries_id_fk" FOREIGN KEY ("booker_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancellation_reason_id_cancellation_reasons_id_fk" FOREIGN KEY ("cancellation_reason_id") REFERENCES "public"."cancellation_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_promotions" ADD CONSTRAINT "restaurant_promotions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_sittings" ADD CONSTRAINT "restaurant_sittings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_tables" ADD CONSTRAINT "restaurant_tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_table_id_restaurant_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."restaurant_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_promotion_id_restaurant_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."restaurant_promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bookings" ADD CONSTRAINT "table_bookings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_configurations" ADD CONSTRAINT "room_configurations_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_inventory" ADD CONSTRAINT "room_type_inventory_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_upgrades" ADD CONSTRAINT "room_type_upgrades_from_room_type_id_room_types_id_fk" FOREIGN KEY ("from_room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_type_upgrades" ADD CONSTRAINT "room_type_upgrades_to_room_type_id_room_types_id_fk" FOREIGN KEY ("to_room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_articles" ADD CONSTRAINT "service_articles_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_inventory" ADD CONSTRAINT "service_inventory_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rate_plans" ADD CONSTRAINT "service_rate_plans_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rate_plans" ADD CONSTRAINT "service_rate_plans_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_room_types" ADD CONSTRAINT "service_room_types_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_room_types" ADD CONSTRAINT "service_room_types_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_id_purpose_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_at_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_lower_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_id_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "companies_property_id_lower_name_idx" ON "companies" USING btree ("property_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_property_id_lower_code_key" ON "gift_vouchers" USING btree ("property_id",lower("code"));--> statement-breakpoint
CREATE INDEX "voucher_redemptions_gift_voucher_id_idx" ON "voucher_redemptions" USING btree ("gift_voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_reservation_id_idx" ON "voucher_redemptions" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_next_attempt_at_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_reservation_id_idx" ON "mail_outbox" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "payments_reservation_id_idx" ON "payments" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "payments_saved_card_id_idx" ON "payments" USING btree ("saved_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_key" ON "payments" USING btree ("gateway","gateway_reference") WHERE "payments"."gateway_reference" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_challenge_id_key" ON "payments" USING btree ("gateway","challenge_id") WHERE "payments"."challenge_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "promotion_rate_plans_rate_plan_id_idx" ON "promotion_rate_plans" USING btree ("rate_plan_id");--> statement-breakpoint
CREATE INDEX "promotion_room_types_room_type_id_idx" ON "promotion_room_types" USING btree ("room_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_property_id_lower_code_key" ON "promotions" USING btree ("property_id",lower("code"));--> statement-breakpoint
CREATE INDEX "properties_group_id_idx" ON "properties" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "nightly_prices_room_type_id_night_idx" ON "nightly_prices" USING btree ("room_type_id","night");--> statement-breakpoint
CREATE INDEX "guests_reservation_room_id_idx" ON "guests" USING btree ("reservation_room_id");--> statement-breakpoint
CREATE INDEX "guests_individual_id_idx" ON "guests" USING btree ("individual_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_one_lead_per_room_key" ON "guests" USING btree ("reservation_room_id") WHERE "guests"."is_lead";--> statement-breakpoint
CREATE INDEX "reservation_rooms_reservation_id_idx" ON "reservation_rooms" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_rooms_room_type_id_date_from_idx" ON "reservation_rooms" USING btree ("room_type_id","date_from");--> statement-breakpoint
CREATE INDEX "reservation_rooms_rate_plan_id_idx" ON "reservation_rooms" USING btree ("rate_plan_id");--> statement-breakpoint
CREATE INDEX "reservation_services_service_id_idx" ON "reservation_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "reservations_property_id_date_from_idx" ON "reservations" USING btree ("property_id","date_from");--> statement-breakpoint
CREATE INDEX "reservations_user_id_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_company_id_idx" ON "reservations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "reservations_pending_payment_created_at_idx" ON "reservations" USING btree ("created_at") WHERE "reservations"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "restaurant_sittings_restaurant_id_idx" ON "restaurant_sittings" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_property_id_lower_name_key" ON "restaurants" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE INDEX "table_bookings_restaurant_id_visit_date_idx" ON "table_bookings" USING btree ("restaurant_id","visit_date");--> statement-breakpoint
CREATE INDEX "table_bookings_reservation_id_idx" ON "table_bookings" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "closures_room_type_id_first_night_idx" ON "closures" USING btree ("room_type_id","first_night");--> statement-breakpoint
CREATE INDEX "room_type_upgrades_to_room_type_id_idx" ON "room_type_upgrades" USING btree ("to_room_type_id");--> statement-breakpoint
CREATE INDEX "service_articles_service_id_idx" ON "service_articles" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_rate_plans_rate_plan_id_idx" ON "service_rate_plans" USING btree ("rate_plan_id");--> statement-breakpoint
CREATE INDEX "service_room_types_room_type_id_idx" ON "service_room_types" USING btree ("room_type_id");