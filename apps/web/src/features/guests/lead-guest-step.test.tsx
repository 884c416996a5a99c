import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildItem } from '../../stores/booking-item';
import { aRate, aSearchCriteria, aSearchRoomType } from '../../test/builders';
import { fakeApi, renderWithProviders } from '../../test/render';
import { LeadGuestStep } from './lead-guest-step';

const item = buildItem({
  criteria: aSearchCriteria(),
  roomIndex: 0,
  entry: aSearchRoomType(),
  rate: aRate(),
  hasSelectableServices: true,
  currency: 'GBP',
});

describe('LeadGuestStep', () => {
  it('requires the lead guest names and the room configuration, each message naming the field as labelled', async () => {
    fakeApi({ 'GET /api/RoomTypeConfiguration/Get': [{ RoomConfigurationDropdownOptionId: 5, Name: 'King bed' }] });
    const onSave = vi.fn();
    renderWithProviders(<LeadGuestStep item={item} propertyId={7} askConfiguration unit={{ One: 'Room' }} onSave={onSave} />);
    await screen.findByLabelText('Room configuration');
    await userEvent.type(screen.getByLabelText('Email address (optional)'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Lead guest first name')).toHaveAccessibleDescription('Lead guest first name is required');
    expect(screen.getByLabelText('Lead guest last name')).toHaveAccessibleDescription('Lead guest last name is required');
    expect(screen.getByLabelText('Email address (optional)')).toHaveAccessibleDescription('A valid email address is required');
    expect(screen.getByLabelText('Room configuration')).toHaveAccessibleDescription('Room configuration is required');
    expect(screen.queryByText('First Name is required')).toBeNull();
    expect(screen.getByLabelText('Lead guest first name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the lead guest and the chosen configuration', async () => {
    const calls = fakeApi({ 'GET /api/RoomTypeConfiguration/Get': [{ RoomConfigurationDropdownOptionId: 5, Name: 'King bed' }] });
    const onSave = vi.fn();
    renderWithProviders(<LeadGuestStep item={item} propertyId={7} askConfiguration unit={{ One: 'Room' }} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Lead guest first name'), ' Ada ');
    await userEvent.type(screen.getByLabelText('Lead guest last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/Phone number/), '+44 117 900 0000');
    await userEvent.selectOptions(await screen.findByLabelText('Room configuration'), 'King bed');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      { FirstName: 'Ada', LastName: 'Lovelace', Email: '', Phone: '+44 117 900 0000' },
      { id: 5, name: 'King bed' },
    );
    expect(calls.find((call) => call.path === '/api/RoomTypeConfiguration/Get')?.url.searchParams.get('roomTypeId')).toBe('10');
  });

  it('does not ask for a configuration when the property does not', async () => {
    const onSave = vi.fn();
    renderWithProviders(<LeadGuestStep item={item} propertyId={7} askConfiguration={false} unit={{ One: 'Room' }} onSave={onSave} />);
    expect(screen.queryByLabelText('Room configuration')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Lead guest first name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Lead guest last name'), 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ FirstName: 'Ada' }), null);
  });

  it('keeps what was typed through a reload, and says the limit of a name that is too long', async () => {
    const step = <LeadGuestStep item={item} propertyId={7} askConfiguration={false} unit={{ One: 'Room' }} onSave={vi.fn()} />;
    renderWithProviders(step);
    expect(screen.getByLabelText('Lead guest first name')).toHaveAttribute('maxLength', '200');
    await userEvent.type(screen.getByLabelText('Lead guest first name'), 'Ada');
    cleanup();
    renderWithProviders(step);
    expect(screen.getByLabelText('Lead guest first name')).toHaveValue('Ada');

    // A name longer than the field takes (pasted past maxLength by a script, say) is refused in words.
    await userEvent.clear(screen.getByLabelText('Lead guest first name'));
    screen.getByLabelText('Lead guest first name').removeAttribute('maxLength');
    await userEvent.click(screen.getByLabelText('Lead guest first name'));
    await userEvent.paste('A'.repeat(250));
    await userEvent.type(screen.getByLabelText('Lead guest last name'), 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please use 200 characters or fewer')).toBeInTheDocument();
    expect(screen.queryByText('Lead guest first name is required')).toBeNull();
    expect(screen.queryByText(/Too big/)).toBeNull();
  });
});
