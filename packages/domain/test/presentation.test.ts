import { describe, expect, it } from 'vitest';
import { issuePath, joinModelState, modelStateFromIssues, prefixModelState } from '../src/model-state';
import { logoDisplayWidth, textColourOn } from '../src/theme';

describe('text on the brand colour is black when the colour is light and white otherwise', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#f8f9fa', '#000000'],
    ['#a8dadc', '#000000'],
    ['#f4a261', '#000000'],
    ['#1d3557', '#ffffff'],
    ['#000', '#ffffff'],
    ['c1121f', '#ffffff'],
    ['#e63946', '#000000'], // a bright red: black contrasts more (WCAG)
    ['#FFF', '#000000'],
    ['blue', null],
    ['#12345', null],
  ])('%s -> %s', (colour, text) => {
    expect(textColourOn(colour)).toBe(text);
  });
});

describe('a logo wider than 16:9 is shown 300 px wide, otherwise 100 px', () => {
  it.each([
    [1920, 1080, 100],
    [1921, 1080, 300],
    [400, 100, 300],
    [100, 100, 100],
    [100, 0, 100],
  ])('%sx%s -> %s', (width, height, shown) => {
    expect(logoDisplayWidth(width, height)).toBe(shown);
  });
});

describe('ModelState', () => {
  const issues = [
    { path: ['Booker', 'Email'], message: 'A valid email address is required' },
    { path: ['Rooms', 0, 'Guests', 1, 'FirstName'], message: 'First Name is required' },
    { path: ['Booker', 'Email'], message: 'Second message' },
    { path: [], message: 'Body is required' },
  ];

  it('groups issues by field path, indexes in brackets', () => {
    expect(modelStateFromIssues(issues)).toEqual({
      'Booker.Email': ['A valid email address is required', 'Second message'],
      'Rooms[0].Guests[1].FirstName': ['First Name is required'],
      '': ['Body is required'],
    });
    expect(issuePath([Symbol('x'), 'y'])).toBe('x.y');
    expect(issuePath([Symbol(), 'y'])).toBe('y');
  });

  it('joins messages into one text, with or without field names', () => {
    const modelState = { 'Booker.Email': ['A valid email address is required'], '': ['Body is required'] };
    expect(joinModelState(modelState, false)).toBe('A valid email address is required; Body is required');
    expect(joinModelState(modelState, true)).toBe('Booker.Email: A valid email address is required; Body is required');
    expect(joinModelState({}, true)).toBe('');
  });

  it('nests messages under a parent path', () => {
    expect(prefixModelState('Booker', { Email: ['x'], '': ['y'] })).toEqual({ 'Booker.Email': ['x'], Booker: ['y'] });
    expect(prefixModelState('Rooms', { '[0].Guests': ['z'] })).toEqual({ 'Rooms[0].Guests': ['z'] });
  });
});
