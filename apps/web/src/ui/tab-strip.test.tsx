import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TabStrip } from './tab-strip';

type Key = 'one' | 'two' | 'three';

/** A panel with a state of its own, as the sign-in card's two emailed-link forms are (one component, two tabs). */
const Counter = () => {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((was) => was + 1)}>
      pressed {count}
    </button>
  );
};

const Strip = () => {
  const [key, setKey] = useState<Key>('one');
  return (
    <TabStrip
      activeKey={key}
      onChange={setKey}
      items={[
        { key: 'one', label: 'First', children: <input aria-label="first field" /> },
        { key: 'two', label: 'Second', children: <p>second panel</p> },
        { key: 'three', label: 'Third', children: <p>third panel</p> },
      ]}
    />
  );
};

describe('TabStrip', () => {
  it('shows only the open panel, labelled by its tab, and opens another on click', async () => {
    render(<Strip />);
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'First' })).toContainElement(screen.getByLabelText('first field'));
    expect(screen.queryByText('second panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Second' })).toHaveTextContent('second panel');
    expect(screen.queryByLabelText('first field')).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around, one tab stop for the list', async () => {
    render(<Strip />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('First')).toHaveAttribute('tabindex', '0');
    expect(tab('Second')).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(tab('First')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Third')).toHaveFocus();
    expect(screen.getByText('third panel')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('First')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Third')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('First')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Second')).toHaveFocus();
    expect(tab('Second')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens each panel afresh, even where two tabs show the same component', async () => {
    const Twins = () => {
      const [key, setKey] = useState<Key>('one');
      return (
        <TabStrip
          activeKey={key}
          onChange={setKey}
          items={[
            { key: 'one', label: 'First', children: <Counter /> },
            { key: 'two', label: 'Second', children: <Counter /> },
            { key: 'three', label: 'Third', children: <p>third panel</p> },
          ]}
        />
      );
    };
    render(<Twins />);
    await userEvent.click(screen.getByRole('button', { name: 'pressed 0' }));
    expect(screen.getByRole('button', { name: 'pressed 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tabpanel', { name: 'Second' })).toHaveTextContent('pressed 0');
    await userEvent.click(screen.getByRole('tab', { name: 'First' }));
    expect(screen.getByRole('tabpanel', { name: 'First' })).toHaveTextContent('pressed 0');
  });
});
