import { describe, expect, it } from 'vitest';
import { guestsText, isRequiredMessage, nightsText, requiredMessage, VALIDATION_MESSAGES } from '../src/messages';

const party = (adults: number, children = 0, infants = 0) => ({
  NumberOfAdults: adults,
  NumberOfChildren: children,
  NumberOfInfants: infants,
});

describe('counts a guest reads', () => {
  it('are singular for one and plural otherwise', () => {
    expect(nightsText(1)).toBe('1 night');
    expect(guestsText([party(1)])).toBe('1 adult');
    expect(guestsText([party(2, 1, 1)])).toBe('2 adults, 1 child, 1 infant');
  });

  it('add up the rooms of a search and leave out the kinds nobody is', () => {
    expect(guestsText([party(2, 1), party(1, 1)])).toBe('3 adults, 2 children');
  });
});

describe('a required message', () => {
  it('is told from the other messages, so a form can name its field by the label the guest sees', () => {
    expect(isRequiredMessage(requiredMessage('First Name'))).toBe(true);
    expect(isRequiredMessage(VALIDATION_MESSAGES.roomConfigurationRequired)).toBe(true);
    expect(isRequiredMessage(VALIDATION_MESSAGES.email)).toBe(false);
    expect(isRequiredMessage(VALIDATION_MESSAGES.passwordsDoNotMatch)).toBe(false);
  });
});
