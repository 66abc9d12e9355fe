/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
/**
 * Issue 17, keyboard: a dialog keeps Tab inside it and gives focus back to what opened it; a meeting's options menu
 * moves with the arrow keys, and Escape or a chosen item puts the focus back on its button (so a dialog the item opens
 * returns focus there instead of losing it to the page).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from '../../../web/src/components/modal.js';
import { OptionsMenu } from '../../../web/src/features/meetings/components/options-menu.js';

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

function WithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <button type="button">Behind</button>
      {open && (
        <Modal title="Example" onClose={() => setOpen(false)}>
          <button type="button">First</button>
          <button type="button" disabled>Disabled</button>
          <div hidden><button type="button">Hidden</button></div>
          <button type="button">Last</button>
        </Modal>
      )}
    </>
  );
}

describe('dialogs keep the keyboard inside', () => {
  it('cycles Tab and Shift+Tab between the dialog\'s ends, skipping disabled and hidden controls', () => {
    render(<WithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement?.textContent).toBe('First');

    screen.getByRole('button', { name: 'Last' }).focus();
    tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    tab(true);
    expect(document.activeElement?.textContent).toBe('Last');
  });

  it('sends the focus round when Tab lands on a guard at either end (as when Tab leaves a video\'s own controls)', () => {
    render(<WithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const guards = screen.getByRole('dialog').querySelectorAll<HTMLElement>('[data-focus-guard]');
    expect(guards).toHaveLength(2);
    guards[1]!.focus();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    guards[0]!.focus();
    expect(document.activeElement?.textContent).toBe('Last');
  });

  it('focuses the dialog itself while it has no control yet; Tab from there goes to the first control', () => {
    render(<Modal title="Loading" onClose={() => undefined}><p>Loading...</p></Modal>);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
  });

  it('closes on an Escape whose bubbling a control inside stopped', () => {
    render(<WithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const first = screen.getByRole('button', { name: 'First' });
    first.addEventListener('keydown', (event) => event.stopPropagation());
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('brings a Tab pressed with the focus outside back into the dialog', () => {
    render(<WithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('button', { name: 'Behind' }).focus();
    tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('gives focus back to the opener on Escape', () => {
    render(<WithDialog />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

function RowWithMenu() {
  const [dialog, setDialog] = useState<string>();
  return (
    <>
      <OptionsMenu meetingName="Weekly" options={['transcript', 'notes', 'delete']} onSelect={(option) => setDialog(option)} />
      {dialog && <Modal title={dialog} onClose={() => setDialog(undefined)}><button type="button">Inside</button></Modal>}
    </>
  );
}

describe('the options menu and the keyboard', () => {
  it('moves with ↓/↑, closes on Escape with the focus on its button', () => {
    render(<RowWithMenu />);
    const button = screen.getByRole('button', { name: 'Options for Weekly' });
    fireEvent.click(button);
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);

    fireEvent.keyDown(items[2]!, { key: 'Escape' });

    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('returns the focus to its button when the dialog an item opened is closed', () => {
    render(<RowWithMenu />);
    const button = screen.getByRole('button', { name: 'Options for Weekly' });
    fireEvent.click(button);
    fireEvent.click(screen.getAllByRole('menuitem')[1]!);
    expect(document.activeElement?.textContent).toBe('Inside');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(document.activeElement).toBe(button);
  });
});
