import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextField } from './field';

describe('a field’s messages', () => {
  it('name the field by its visible label, whichever label the rule or the server used', () => {
    render(
      <>
        <TextField label="Lead guest first name" value="" onChange={() => {}} error={['First Name is required']} />
        <TextField label="Email address (optional)" value="x" onChange={() => {}} error="A valid email address is required" />
        <TextField label="Phone number (optional)" value="" onChange={() => {}} error={['Phone is required']} />
        <SelectField label="Room configuration" value="" onChange={() => {}} error={['Room Configuration is required']}>
          <option value="">Choose</option>
        </SelectField>
      </>,
    );
    expect(screen.getByLabelText('Lead guest first name')).toHaveAccessibleDescription('Lead guest first name is required');
    // "A valid … is required" says what is wrong, not which field: it stays as it is.
    expect(screen.getByLabelText('Email address (optional)')).toHaveAccessibleDescription('A valid email address is required');
    expect(screen.getByLabelText('Phone number (optional)')).toHaveAccessibleDescription('Phone number is required');
    expect(screen.getByLabelText('Room configuration')).toHaveAccessibleDescription('Room configuration is required');
  });
});
