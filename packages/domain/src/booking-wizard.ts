/**
 * The booking wizard as a pure state machine (docs/guest-client.md, the booking steps): room type,
 * rate plan, upgrade, occupancy (lead guest), extras, summary. The caller marks what the
 * guest did (upgrades seen, services seen, lead guest entered) and asks where to go next.
 */
import { findIndexFrom } from './find-from';

/** The booking steps as bit flags, numbered as the wire numbers them. */
export const BookingStep = {
  None: 1,
  RoomTypeSelection: 2,
  RatePlanSelection: 4,
  UpgradeSelection: 8,
  Occupancy: 16,
  Extras: 32,
  BookingSummary: 64,
  PersonalInformation: 128,
  Account: 256,
  AddressDetails: 512,
  PaymentDetails: 1024,
} as const;

/** One booking step flag. */
export type BookingStep = (typeof BookingStep)[keyof typeof BookingStep];

/** The stages of the booking flow shown in the header. */
export const BookingFlowStage = {
  None: 'None',
  Search: 'Search',
  RoomsAndRates: 'RoomsAndRates',
  Checkout: 'Checkout',
} as const;

/** One booking flow stage. */
export type BookingFlowStage = (typeof BookingFlowStage)[keyof typeof BookingFlowStage];

/** Combines step flags into one mask. */
export function combineSteps(...steps: readonly BookingStep[]): number {
  return steps.reduce<number>((mask, step) => mask | step, 0);
}

/** True when a mask holds the step. */
export function hasStep(mask: number, step: BookingStep): boolean {
  return (mask & step) !== 0;
}

/** What the wizard needs to know about each basket item. */
export interface WizardItem {
  /** Upgrades exist for the room selection and the guest has not seen them. */
  hasUnseenUpgrades: boolean;
  /** The lead guest step is valid (see `isLeadGuestStepValid`). */
  leadGuestValid: boolean;
  /** Services can be chosen for the item. */
  hasSelectableServices: boolean;
  servicesSeen: boolean;
}

/** Where the wizard stands. */
export interface WizardState {
  step: BookingStep;
  /** For each searched room, whether it has a chosen item. */
  roomHasItem: readonly boolean[];
  /** The basket items in room order. */
  items: readonly WizardItem[];
  roomIndex: number;
  itemIndex: number;
  isMobile: boolean;
}

/** Where the wizard goes next. */
export interface WizardMove {
  step: BookingStep;
  roomIndex: number;
  itemIndex: number;
  /** Desktop shows the summary on the Checkout route. */
  navigateToCheckout: boolean;
  /** Mobile scrolls to the top on each step. */
  scrollToTop: boolean;
}

function moveTo(state: WizardState, step: BookingStep, roomIndex: number, itemIndex: number): WizardMove {
  return {
    step,
    roomIndex,
    itemIndex,
    navigateToCheckout: step === BookingStep.BookingSummary && !state.isMobile,
    scrollToTop: state.isMobile,
  };
}

function toExtras(state: WizardState, from: number): WizardMove {
  const index = findIndexFrom(state.items, from, (item) => item.hasSelectableServices && !item.servicesSeen);
  return index >= 0
    ? moveTo(state, BookingStep.Extras, state.roomIndex, index)
    : moveTo(state, BookingStep.BookingSummary, state.roomIndex, state.itemIndex);
}

function toOccupancy(state: WizardState, from: number): WizardMove {
  const index = findIndexFrom(state.items, from, (item) => !item.leadGuestValid);
  return index >= 0 ? moveTo(state, BookingStep.Occupancy, state.roomIndex, index) : toExtras(state, 0);
}

function toUpgrades(state: WizardState, from: number): WizardMove {
  const index = findIndexFrom(state.items, from, (item) => item.hasUnseenUpgrades);
  return index >= 0 ? moveTo(state, BookingStep.UpgradeSelection, state.roomIndex, index) : toOccupancy(state, 0);
}

/**
 * The next step after the guest completes the current one. A step with nothing left to do
 * passes straight on to the next (an empty upgrade step is never shown):
 * - room type / rate plan: the next room without an item, else upgrades;
 * - upgrades: this item if it still has unseen upgrades, else the next one that has, else occupancy;
 * - occupancy: the next item whose lead guest is invalid, else extras;
 * - extras: the next item with selectable services not yet seen, else the summary;
 * - summary: desktop goes to Checkout, mobile stays and scrolls.
 * Steps after the summary (checkout sections) are not wizard steps and stay where they are.
 */
export function advanceWizard(state: WizardState): WizardMove {
  switch (state.step) {
    case BookingStep.None:
    case BookingStep.RoomTypeSelection:
    case BookingStep.RatePlanSelection: {
      const room = findIndexFrom(state.roomHasItem, state.roomIndex, (hasItem) => !hasItem);
      return room >= 0 ? moveTo(state, BookingStep.RoomTypeSelection, room, state.itemIndex) : toUpgrades(state, 0);
    }
    case BookingStep.UpgradeSelection:
      return toUpgrades(state, state.itemIndex);
    case BookingStep.Occupancy:
      return toOccupancy(state, state.itemIndex);
    case BookingStep.Extras:
      return toExtras(state, state.itemIndex);
    default:
      return moveTo(state, state.step, state.roomIndex, state.itemIndex);
  }
}

/**
 * The lead guest step of an item is valid when the lead guest is valid and, with
 * ShowRoomConfigurationQuestion, a room configuration is chosen.
 */
export function isLeadGuestStepValid(input: {
  leadGuestValid: boolean;
  roomConfigurationChosen: boolean;
  showRoomConfigurationQuestion: boolean;
}): boolean {
  return input.leadGuestValid && (!input.showRoomConfigurationQuestion || input.roomConfigurationChosen);
}

/**
 * The basket may go to checkout when every lead guest is valid and every item has seen its
 * extras (an item with no selectable services has none to see).
 */
export function isBasketReadyForCheckout(items: readonly WizardItem[]): boolean {
  return items.length > 0 && items.every((item) => item.leadGuestValid && (item.servicesSeen || !item.hasSelectableServices));
}
