import { describe, expect, it } from 'vitest';
import { errorsByField, fieldOfPath, firstErrors, mergeErrors } from './form';

describe('the fields a ModelState names', () => {
  it('is the last name of each path, without its index', () => {
    expect(fieldOfPath('Rooms[0].Guests[1].Email')).toBe('Email');
    expect(fieldOfPath('Booker.Phone')).toBe('Phone');
    expect(fieldOfPath('EmailAddress')).toBe('EmailAddress');
    expect(fieldOfPath('Rooms[2]')).toBe('Rooms');
  });

  it('gathers the messages of paths naming one field', () => {
    expect(
      errorsByField({
        'Rooms[0].Guests[0].Email': ['A valid email address is required'],
        'Rooms[1].Guests[0].Email': ['A valid email address is required', 'Email is too long'],
        'Booker.FirstName': ['First Name is required'],
      }),
    ).toEqual({
      Email: ['A valid email address is required', 'Email is too long'],
      FirstName: ['First Name is required'],
    });
  });
});

describe('error sets', () => {
  it('merge field by field without repeating a message', () => {
    expect(mergeErrors({ Email: ['Required'] }, { Email: ['Required', 'Too long'], Phone: ['Required'] })).toEqual({
      Email: ['Required', 'Too long'],
      Phone: ['Required'],
    });
  });

  it('keep one source per field when only the first is wanted', () => {
    expect(firstErrors({ Email: ['Domain rule'] }, { Email: ['Schema rule'], Phone: ['Schema rule'] })).toEqual({
      Email: ['Domain rule'],
      Phone: ['Schema rule'],
    });
  });
});
