import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { cardTypes, properties, reservations, savedCards, users } from '@hotel/db/schema';
import { paymentProviderSchema, type PaymentProvider } from '@hotel/domain/wire/scalars';
import type { Queryable, Tx } from '../database';

/** A user as the account use cases read it; the hash never leaves the account area. */
export type UserRow = {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  telephone: string | null;
  receiveBrandOffers: boolean;
  canChoosePaymentMethod: boolean;
  emailConfirmedAt: Date | null;
};

const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  telephone: users.telephone,
  receiveBrandOffers: users.receiveBrandOffers,
  canChoosePaymentMethod: users.canChoosePaymentMethod,
  emailConfirmedAt: users.emailConfirmedAt,
};

/** The user with this address, whatever its case (uses the lower(email) unique index). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: number, { forUpdate = false } = {}): Promise<UserRow | undefined> {
  const query = db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** What a session knows about its user on every request. */
export async function findSessionUser(
  db: Queryable,
  id: number,
): Promise<{ id: number; email: string; canChoosePaymentMethod: boolean; emailConfirmedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      canChoosePaymentMethod: users.canChoosePaymentMethod,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * Inserts a user unless the address is taken (in any case): answers the new id, or undefined
 * when an account with that address exists (the unique index decides, so two concurrent
 * registrations cannot both win).
 */
export async function insertUser(
  tx: Tx,
  user: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    telephone: string;
    registeredPropertyId: number;
    now: Date;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(users)
    .values({
      email: user.email,
      passwordHash: user.passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      telephone: user.telephone,
      registeredPropertyId: user.registeredPropertyId,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id;
}

export async function updateUser(
  db: Queryable,
  id: number,
  changes: Partial<{
    passwordHash: string;
    firstName: string;
    lastName: string;
    telephone: string;
    receiveBrandOffers: boolean;
    emailConfirmedAt: Date;
    lastLoginAt: Date;
    updatedAt: Date;
  }>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** Marks the address confirmed unless it already is. */
export async function confirmUserEmail(tx: Tx, id: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailConfirmedAt: sql`COALESCE(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(users.id, id));
}

export type SavedCardRow = {
  id: number;
  cardTypeId: number;
  cardTypeName: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  nameOnCard: string | null;
  /** The gateway that keeps the card: only a property taking cards with it can charge it. */
  gateway: PaymentProvider;
};

/** A user's saved cards, oldest first; only those of `cardTypeIds` when given. */
export async function findSavedCards(db: Queryable, userId: number, cardTypeIds?: readonly number[]): Promise<SavedCardRow[]> {
  return db
    .select({
      id: savedCards.id,
      cardTypeId: savedCards.cardTypeId,
      cardTypeName: cardTypes.name,
      last4: savedCards.last4,
      expiryMonth: savedCards.expiryMonth,
      expiryYear: savedCards.expiryYear,
      nameOnCard: savedCards.nameOnCard,
      // Typed by the condition below: only a provider's name is listed.
      gateway: sql<PaymentProvider>`${savedCards.gateway}`,
    })
    .from(savedCards)
    .innerJoin(cardTypes, eq(cardTypes.id, savedCards.cardTypeId))
    .where(
      and(
        eq(savedCards.userId, userId),
        inArray(savedCards.gateway, paymentProviderSchema.options),
        cardTypeIds ? inArray(savedCards.cardTypeId, [...cardTypeIds]) : undefined,
      ),
    )
    .orderBy(asc(savedCards.id));
}

export type ReservationHistoryRow = Awaited<ReturnType<typeof findReservationHistory>>[number];

/** The reservations a user booked while logged in, newest stay first (at most 100). */
export async function findReservationHistory(db: Queryable, userId: number) {
  return db
    .select({
      reservationNumber: reservations.reservationNumber,
      propertyCode: properties.code,
      propertyName: properties.name,
      dateFrom: reservations.dateFrom,
      dateTo: reservations.dateTo,
      status: reservations.status,
      total: reservations.total,
      totalVat: reservations.totalVat,
      isTaxExclusive: reservations.isTaxExclusive,
      currency: reservations.currency,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(eq(reservations.userId, userId))
    .orderBy(desc(reservations.dateFrom), desc(reservations.id))
    .limit(100);
}
