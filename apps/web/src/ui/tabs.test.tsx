import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

describe('Tabs', () => {
  it('keeps the list of tabs to its tabs: a link beside them is outside it', () => {
    render(
      <Tabs
        activeKey="one"
        items={[
          { key: 'one', label: 'One', children: 'First' },
          { key: 'two', label: 'Two', children: 'Second' },
        ]}
        tabBarExtraContent={<a href="#errors">Sync errors</a>}
      />,
    );
    const [list, ...more] = screen.getAllByRole('tablist');
    expect(more).toEqual([]);
    expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    expect(
      within(list!)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['One', 'Two']);
    // Nothing but tabs inside the list: no link, no button (the "more" menu of tabs that do not fit).
    expect(list!.querySelector('a, button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sync errors' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
  });
});
