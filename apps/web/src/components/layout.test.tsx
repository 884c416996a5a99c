import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitle, Panel, Section } from './layout';

describe('Section', () => {
  it('is a region named by its heading, with the line under it', () => {
    render(
      <Section title="Who is staying?" titleSize="2xl" subtitle="Room 1: Harbour Double, Flexible Rate">
        <p>Form</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Who is staying?' });
    expect(region).toHaveTextContent('Room 1: Harbour Double, Flexible Rate');
    expect(screen.getByRole('heading', { level: 2, name: 'Who is staying?' })).toHaveClass('text-2xl');
  });

  it('in a panel, is the bordered box itself', () => {
    render(<Section title="Your stay" panel="roomy" />);
    expect(screen.getByRole('region', { name: 'Your stay' })).toHaveClass('rounded-lg', 'border', 'p-4', 'sm:p-6');
  });
});

describe('Panel', () => {
  it('is the element it is asked to be, with its layout added to the box', () => {
    render(<Panel as="form" aria-label="Book a table" className="grid gap-4" />);
    const form = screen.getByRole('form', { name: 'Book a table' });
    expect(form).toHaveClass('rounded-lg', 'border-gray-300', 'bg-white', 'p-4', 'grid', 'gap-4');
  });
});

describe('PageTitle', () => {
  it('is the page heading', () => {
    render(<PageTitle>Checkout</PageTitle>);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveClass('text-3xl');
  });
});
