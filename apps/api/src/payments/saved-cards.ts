import { and, eq } from 'drizzle-orm';
import { cardTypes, savedCards } from '@hotel/db/schema';
import type { Queryable, Tx } from '../database';
import type { CardDetails, CardSummary, PaymentGateway } from './payment-gateway';

/** A saved card a booking can pay with: its row id and the gateway's token (which never leaves the server). */
export type UsableSavedCard = { id: number; gatewayToken: string };

/**
 * The user's saved card `creditCardId` names (a number, or its digits as text on the wire) at
 * this gateway; undefined when it is not one of theirs.
 */
export async function findUserSavedCard(
  db: Queryable,
  userId: number,
  creditCardId: number | string,
  gateway: string,
): Promise<UsableSavedCard | undefined> {
  const id = typeof creditCardId === 'number' ? creditCardId : /^\d{1,9}$/.test(creditCardId) ? Number(creditCardId) : undefined;
  if (id === undefined || !Number.isSafeInteger(id)) return undefined;
  const [row] = await db
    .select({ id: savedCards.id, gatewayToken: savedCards.gatewayToken })
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), eq(savedCards.gateway, gateway)))
    .limit(1);
  return row;
}

/**
 * Keeps a card for a logged-in user who asked, in the booking's transaction: the gateway turns
 * the details into a token, and only the token, brand, last four digits and expiry are stored.
 * A card the gateway will not tokenise is simply not saved. Answers the saved card's id, if any.
 */
export async function saveCardForUser(tx: Tx, gateway: PaymentGateway, userId: number, card: CardDetails): Promise<number | undefined> {
  const result = await gateway.tokenise(card);
  if (result.status !== 'tokenised') return undefined;
  return keepSavedCard(tx, { gateway: gateway.name, userId, token: result.token, card: result, nameOnCard: card.nameOnCard });
}

/**
 * Stores a card the gateway already keeps (its token: Stripe's customer and payment method, once
 * the booking's PaymentIntent kept it) for the user. A card the user has already saved (same
 * brand, digits and expiry at this gateway) is not saved twice. Answers the saved card's id.
 */
export async function keepSavedCard(
  tx: Tx,
  saved: { gateway: string; userId: number; token: string; card: CardSummary; nameOnCard: string | null },
): Promise<number | undefined> {
  const { card } = saved;
  const [cardType] = await tx.select({ id: cardTypes.id }).from(cardTypes).where(eq(cardTypes.code, card.brand)).limit(1);
  if (!cardType) return undefined;
  const same = and(
    eq(savedCards.userId, saved.userId),
    eq(savedCards.gateway, saved.gateway),
    eq(savedCards.cardTypeId, cardType.id),
    eq(savedCards.last4, card.last4),
    eq(savedCards.expiryMonth, card.expiryMonth),
    eq(savedCards.expiryYear, card.expiryYear),
  );
  const [existing] = await tx.select({ id: savedCards.id }).from(savedCards).where(same).limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(savedCards)
    .values({
      userId: saved.userId,
      gateway: saved.gateway,
      gatewayToken: saved.token,
      cardTypeId: cardType.id,
      last4: card.last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      nameOnCard: saved.nameOnCard?.trim() || null,
    })
    .returning({ id: savedCards.id });
  return row?.id;
}
