import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useApiForm } from '../../lib/forms/useApiForm.js';
import { Check, CheckGroup } from './Check.js';
import { Dialog } from './Dialog.js';
import { Alert } from './feedback.js';
import { Table, TableHead, shownFrom } from './Table.js';
import { TextField } from './TextField.js';

/** A form of the one form helper, its fields plain: a required text, a choice and a note. */
type CarValues = { name: string; carClass: string; note: string };

function CarForm({ submit }: { submit: (values: CarValues, idempotencyKey: string) => Promise<void> }) {
  const form = useApiForm({ defaultValues: { name: '', carClass: 'GT3', note: '' }, submit, notSaved: 'The car was not saved', saved: 'Saved' });
  return (
    <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <TextField {...form.text('name', { label: 'Name', required: true, help: 'As on the entry list' })} />
      <TextField select {...form.text('carClass', { label: 'Car class' })}>
        <option value="GT3">GT3</option>
        <option value="GT4">GT4</option>
      </TextField>
      <TextField multiline {...form.text('note', { label: 'Note' })} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField', () => {
  it('takes what useApiForm gives: the label names the field, the help describes it, and a failed check marks it invalid with its message', async () => {
    const submit = jest.fn((_values: CarValues, _key: string) => Promise.resolve());
    render(<CarForm submit={submit} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('As on the entry list');
    expect(name).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(submit).not.toHaveBeenCalled();

    await userEvent.type(name, 'Porsche 911');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Car class' }), 'GT4');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Two lines\nof note');
    expect(screen.getByRole('textbox', { name: 'Note' }).tagName).toBe('TEXTAREA');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ name: 'Porsche 911', carClass: 'GT4', note: 'Two lines\nof note' }, expect.any(String));
  });
});

describe('Check', () => {
  it('is a checkbox named by its words, or a switch', async () => {
    render(
      <>
        <Check label="PC" defaultChecked={false} />
        <Check label="Email me" toggle />
        <Check aria-label="Compare revision 2" />
      </>,
    );
    await userEvent.click(screen.getByText('PC'));
    expect(screen.getByRole('checkbox', { name: 'PC' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email me' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Compare revision 2' })).toBeInTheDocument();
  });
});

describe('CheckGroup', () => {
  it('groups its boxes under the legend, described by its hint', () => {
    render(
      <CheckGroup legend="Platforms" helperText="Pick at least one" error>
        <Check label="PC" />
        <Check label="Xbox" />
      </CheckGroup>,
    );
    const group = screen.getByRole('group', { name: 'Platforms' });
    expect(group).toHaveAccessibleDescription('Pick at least one');
    expect(group).toHaveClass('pd-field--error');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('fieldset'))).toEqual([group, group]);
  });
});

describe('Alert', () => {
  it('ends with a Close button when it can be dismissed', async () => {
    const onClose = jest.fn();
    render(
      <Alert severity="warning" onClose={onClose}>
        Protest window closes at 22:00
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Dialog', () => {
  function Confirm({ onClose }: { onClose: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Delete</button>
        <Dialog
          open={open}
          title="Delete the round?"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          description="The round and its entries are removed."
          actions={<button onClick={() => setOpen(false)}>Cancel</button>}
        >
          Its results go too.
        </Dialog>
      </>
    );
  }

  it('shows its content, named by its title, only while open; Escape asks its owner to close it', async () => {
    const onClose = jest.fn();
    render(<Confirm onClose={onClose} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete the round?' })).toHaveTextContent('Its results go too.');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('The round and its entries are removed.');

    act(() => void screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('TableHead', () => {
  it('heads each column shown, numbers aligned right and narrow-screen columns marked', () => {
    render(
      <table>
        <TableHead columns={['Driver', false, { label: 'Points', align: 'right' }, { label: 'Car', from: 'sm' }]} />
      </table>,
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Driver', 'Points', 'Car']);
    expect(screen.getByRole('columnheader', { name: 'Points' })).toHaveClass('pd-num');
    expect(screen.getByRole('columnheader', { name: 'Car' })).toHaveClass(shownFrom('sm'));
  });

  it('scrolls inside a named region a keyboard can focus when given a region label', () => {
    render(
      <Table regionLabel="Lap chart">
        <TableHead columns={['Lap']} />
      </Table>,
    );
    expect(screen.getByRole('region', { name: 'Lap chart' })).toHaveAttribute('tabindex', '0');
  });
});
