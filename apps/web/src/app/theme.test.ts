import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';

describe('applyTheme', () => {
  it('sets each brand colour with black text on light colours and white on dark ones', () => {
    const root = document.createElement('div');
    applyTheme({ Primary: '#1d3557', Accent: '#f4d35e', Negative: '#ffb3b3' }, root);
    expect(root.style.getPropertyValue('--brand-primary')).toBe('#1d3557');
    expect(root.style.getPropertyValue('--brand-on-primary')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--brand-on-accent')).toBe('#000000');
    // Links use the primary colour when it reads on white; a light negative falls back for error text.
    expect(root.style.getPropertyValue('--brand-link')).toBe('#1d3557');
    expect(root.style.getPropertyValue('--brand-negative-text')).toBe('#b00020');
  });

  it('ignores colours it cannot read', () => {
    const root = document.createElement('div');
    applyTheme({ Primary: 'blue' }, root);
    expect(root.style.getPropertyValue('--brand-primary')).toBe('');
  });
});
