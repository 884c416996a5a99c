import { relations } from 'drizzle-orm';
import { oneTimeTokens, savedCards, sessions, users } from './account';
import { auditLog } from './audit-log';
import { companies } from './company';
import { giftVouchers, voucherRedemptions } from './gift-voucher';
import { mailOutbox } from './mail-outbox';
import { payments } from './payment';
import { promotionRatePlans, promotionRoomTypes, promotions } from './promotion';
import { cancellationReasons, properties, propertyCardTypes, propertyGroups } from './property';
import { nightlyPrices, ratePlans } from './rate-plan';
import { cardTypes, countries } from './reference-data';
import { guests, reservationRooms, reservationServices, reservations } from './reservation';
import { restaurantPromotions, restaurantSittings, restaurantTables, restaurants, tableBookings } from './restaurant';
import { closures, roomConfigurations, roomTypeInventory, roomTypeUpgrades, roomTypes, rooms } from './room-type';
import { serviceArticles, serviceInventory, serviceRatePlans, serviceRoomTypes, services } from './service';

/*
 * Relations for drizzle's relational queries (`db.query.properties.findFirst({ with: ... })`).
 * They add no constraint: the foreign keys on the tables do that.
 */

export const propertyGroupsRelations = relations(propertyGroups, ({ many }) => ({
  properties: many(properties),
}));

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  group: one(propertyGroups, { fields: [properties.groupId], references: [propertyGroups.id] }),
  cardTypes: many(propertyCardTypes),
  roomTypes: many(roomTypes),
  ratePlans: many(ratePlans),
  promotions: many(promotions),
  services: many(services),
  giftVouchers: many(giftVouchers),
  companies: many(companies),
  cancellationReasons: many(cancellationReasons),
  restaurants: many(restaurants),
  reservations: many(reservations),
}));

export const propertyCardTypesRelations = relations(propertyCardTypes, ({ one }) => ({
  property: one(properties, {
    fields: [propertyCardTypes.propertyId],
    references: [properties.id],
  }),
  cardType: one(cardTypes, { fields: [propertyCardTypes.cardTypeId], references: [cardTypes.id] }),
}));

export const cardTypesRelations = relations(cardTypes, ({ many }) => ({
  properties: many(propertyCardTypes),
}));

export const cancellationReasonsRelations = relations(cancellationReasons, ({ one }) => ({
  property: one(properties, {
    fields: [cancellationReasons.propertyId],
    references: [properties.id],
  }),
}));

export const roomTypesRelations = relations(roomTypes, ({ one, many }) => ({
  property: one(properties, { fields: [roomTypes.propertyId], references: [properties.id] }),
  rooms: many(rooms),
  configurations: many(roomConfigurations),
  closures: many(closures),
  inventory: many(roomTypeInventory),
  nightlyPrices: many(nightlyPrices),
  upgrades: many(roomTypeUpgrades, { relationName: 'upgrade_from' }),
  upgradedFrom: many(roomTypeUpgrades, { relationName: 'upgrade_to' }),
}));

export const roomsRelations = relations(rooms, ({ one }) => ({
  roomType: one(roomTypes, { fields: [rooms.roomTypeId], references: [roomTypes.id] }),
}));

export const roomTypeUpgradesRelations = relations(roomTypeUpgrades, ({ one }) => ({
  from: one(roomTypes, {
    fields: [roomTypeUpgrades.fromRoomTypeId],
    references: [roomTypes.id],
    relationName: 'upgrade_from',
  }),
  to: one(roomTypes, {
    fields: [roomTypeUpgrades.toRoomTypeId],
    references: [roomTypes.id],
    relationName: 'upgrade_to',
  }),
}));

export const roomConfigurationsRelations = relations(roomConfigurations, ({ one }) => ({
  roomType: one(roomTypes, {
    fields: [roomConfigurations.roomTypeId],
    references: [roomTypes.id],
  }),
}));

export const closuresRelations = relations(closures, ({ one }) => ({
  roomType: one(roomTypes, { fields: [closures.roomTypeId], references: [roomTypes.id] }),
}));

export const roomTypeInventoryRelations = relations(roomTypeInventory, ({ one }) => ({
  roomType: one(roomTypes, { fields: [roomTypeInventory.roomTypeId], references: [roomTypes.id] }),
}));

export const ratePlansRelations = relations(ratePlans, ({ one, many }) => ({
  property: one(properties, { fields: [ratePlans.propertyId], references: [properties.id] }),
  nightlyPrices: many(nightlyPrices),
  promotions: many(promotionRatePlans),
  services: many(serviceRatePlans),
}));

export const nightlyPricesRelations = relations(nightlyPrices, ({ one }) => ({
  ratePlan: one(ratePlans, { fields: [nightlyPrices.ratePlanId], references: [ratePlans.id] }),
  roomType: one(roomTypes, { fields: [nightlyPrices.roomTypeId], references: [roomTypes.id] }),
}));

export const promotionsRelations = relations(promotions, ({ one, many }) => ({
  property: one(properties, { fields: [promotions.propertyId], references: [properties.id] }),
  ratePlans: many(promotionRatePlans),
  roomTypes: many(promotionRoomTypes),
}));

export const promotionRatePlansRelations = relations(promotionRatePlans, ({ one }) => ({
  promotion: one(promotions, {
    fields: [promotionRatePlans.promotionId],
    references: [promotions.id],
  }),
  ratePlan: one(ratePlans, { fields: [promotionRatePlans.ratePlanId], references: [ratePlans.id] }),
}));

export const promotionRoomTypesRelations = relations(promotionRoomTypes, ({ one }) => ({
  promotion: one(promotions, {
    fields: [promotionRoomTypes.promotionId],
    references: [promotions.id],
  }),
  roomType: one(roomTypes, { fields: [promotionRoomTypes.roomTypeId], references: [roomTypes.id] }),
}));

export const servicesRelations = relations(services, ({ one, many }) => ({
  property: one(properties, { fields: [services.propertyId], references: [properties.id] }),
  articles: many(serviceArticles),
  roomTypes: many(serviceRoomTypes),
  ratePlans: many(serviceRatePlans),
  inventory: many(serviceInventory),
}));

export const serviceArticlesRelations = relations(serviceArticles, ({ one }) => ({
  service: one(services, { fields: [serviceArticles.serviceId], references: [services.id] }),
}));

export const serviceRoomTypesRelations = relations(serviceRoomTypes, ({ one }) => ({
  service: one(services, { fields: [serviceRoomTypes.serviceId], references: [services.id] }),
  roomType: one(roomTypes, { fields: [serviceRoomTypes.roomTypeId], references: [roomTypes.id] }),
}));

export const serviceRatePlansRelations = relations(serviceRatePlans, ({ one }) => ({
  service: one(services, { fields: [serviceRatePlans.serviceId], references: [services.id] }),
  ratePlan: one(ratePlans, { fields: [serviceRatePlans.ratePlanId], references: [ratePlans.id] }),
}));

export const serviceInventoryRelations = relations(serviceInventory, ({ one }) => ({
  service: one(services, { fields: [serviceInventory.serviceId], references: [services.id] }),
}));

export const giftVouchersRelations = relations(giftVouchers, ({ one, many }) => ({
  property: one(properties, { fields: [giftVouchers.propertyId], references: [properties.id] }),
  redemptions: many(voucherRedemptions),
}));

export const voucherRedemptionsRelations = relations(voucherRedemptions, ({ one }) => ({
  giftVoucher: one(giftVouchers, {
    fields: [voucherRedemptions.giftVoucherId],
    references: [giftVouchers.id],
  }),
  reservation: one(reservations, {
    fields: [voucherRedemptions.reservationId],
    references: [reservations.id],
  }),
}));

export const companiesRelations = relations(companies, ({ one }) => ({
  property: one(properties, { fields: [companies.propertyId], references: [properties.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  registeredProperty: one(properties, {
    fields: [users.registeredPropertyId],
    references: [properties.id],
  }),
  sessions: many(sessions),
  oneTimeTokens: many(oneTimeTokens),
  savedCards: many(savedCards),
  reservations: many(reservations),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const oneTimeTokensRelations = relations(oneTimeTokens, ({ one }) => ({
  user: one(users, { fields: [oneTimeTokens.userId], references: [users.id] }),
}));

export const savedCardsRelations = relations(savedCards, ({ one }) => ({
  user: one(users, { fields: [savedCards.userId], references: [users.id] }),
  cardType: one(cardTypes, { fields: [savedCards.cardTypeId], references: [cardTypes.id] }),
}));

export const reservationsRelations = relations(reservations, ({ one, many }) => ({
  property: one(properties, { fields: [reservations.propertyId], references: [properties.id] }),
  user: one(users, { fields: [reservations.userId], references: [users.id] }),
  company: one(companies, { fields: [reservations.companyId], references: [companies.id] }),
  bookerCountry: one(countries, {
    fields: [reservations.bookerCountryId],
    references: [countries.id],
  }),
  cancellationReason: one(cancellationReasons, {
    fields: [reservations.cancellationReasonId],
    references: [cancellationReasons.id],
  }),
  rooms: many(reservationRooms),
  payments: many(payments),
  voucherRedemptions: many(voucherRedemptions),
  tableBookings: many(tableBookings),
}));

export const reservationRoomsRelations = relations(reservationRooms, ({ one, many }) => ({
  reservation: one(reservations, {
    fields: [reservationRooms.reservationId],
    references: [reservations.id],
  }),
  roomType: one(roomTypes, { fields: [reservationRooms.roomTypeId], references: [roomTypes.id] }),
  ratePlan: one(ratePlans, { fields: [reservationRooms.ratePlanId], references: [ratePlans.id] }),
  roomConfiguration: one(roomConfigurations, {
    fields: [reservationRooms.roomConfigurationId],
    references: [roomConfigurations.id],
  }),
  promotion: one(promotions, {
    fields: [reservationRooms.promotionId],
    references: [promotions.id],
  }),
  cancellationReason: one(cancellationReasons, {
    fields: [reservationRooms.cancellationReasonId],
    references: [cancellationReasons.id],
  }),
  guests: many(guests),
  services: many(reservationServices),
}));

export const guestsRelations = relations(guests, ({ one }) => ({
  reservationRoom: one(reservationRooms, {
    fields: [guests.reservationRoomId],
    references: [reservationRooms.id],
  }),
  country: one(countries, { fields: [guests.countryId], references: [countries.id] }),
}));

export const reservationServicesRelations = relations(reservationServices, ({ one }) => ({
  reservationRoom: one(reservationRooms, {
    fields: [reservationServices.reservationRoomId],
    references: [reservationRooms.id],
  }),
  service: one(services, { fields: [reservationServices.serviceId], references: [services.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  reservation: one(reservations, {
    fields: [payments.reservationId],
    references: [reservations.id],
  }),
  cardType: one(cardTypes, { fields: [payments.cardTypeId], references: [cardTypes.id] }),
  savedCard: one(savedCards, { fields: [payments.savedCardId], references: [savedCards.id] }),
}));

export const restaurantsRelations = relations(restaurants, ({ one, many }) => ({
  property: one(properties, { fields: [restaurants.propertyId], references: [properties.id] }),
  tables: many(restaurantTables),
  sittings: many(restaurantSittings),
  promotions: many(restaurantPromotions),
  bookings: many(tableBookings),
}));

export const restaurantTablesRelations = relations(restaurantTables, ({ one, many }) => ({
  restaurant: one(restaurants, {
    fields: [restaurantTables.restaurantId],
    references: [restaurants.id],
  }),
  bookings: many(tableBookings),
}));

export const restaurantSittingsRelations = relations(restaurantSittings, ({ one }) => ({
  restaurant: one(restaurants, {
    fields: [restaurantSittings.restaurantId],
    references: [restaurants.id],
  }),
}));

export const restaurantPromotionsRelations = relations(restaurantPromotions, ({ one }) => ({
  restaurant: one(restaurants, {
    fields: [restaurantPromotions.restaurantId],
    references: [restaurants.id],
  }),
}));

export const tableBookingsRelations = relations(tableBookings, ({ one }) => ({
  restaurant: one(restaurants, {
    fields: [tableBookings.restaurantId],
    references: [restaurants.id],
  }),
  table: one(restaurantTables, {
    fields: [tableBookings.tableId],
    references: [restaurantTables.id],
  }),
  promotion: one(restaurantPromotions, {
    fields: [tableBookings.promotionId],
    references: [restaurantPromotions.id],
  }),
  reservation: one(reservations, {
    fields: [tableBookings.reservationId],
    references: [reservations.id],
  }),
}));

export const mailOutboxRelations = relations(mailOutbox, ({ one }) => ({
  reservation: one(reservations, {
    fields: [mailOutbox.reservationId],
    references: [reservations.id],
  }),
  tableBooking: one(tableBookings, {
    fields: [mailOutbox.tableBookingId],
    references: [tableBookings.id],
  }),
  user: one(users, { fields: [mailOutbox.userId], references: [users.id] }),
}));

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actorUser: one(users, { fields: [auditLog.actorUserId], references: [users.id] }),
}));
