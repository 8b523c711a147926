import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client.js';
import { useApiForm } from './useApiForm.js';

type Values = { name: string; carClass: string };

/** A form written with the helper: two labelled fields, its summary and its success. */
function Harness({ submit }: { submit: (values: Values, key: string) => Promise<string> }) {
  const { onSubmit, text, status } = useApiForm<Values, string>({
    defaultValues: { name: '', carClass: '' },
    submit,
    notSaved: 'The car was not saved',
    saved: (answer) => `Saved ${answer}`,
  });
  const name = text('name', { label: 'Name', required: true });
  const carClass = text('carClass', { label: 'Car class', help: 'e.g. GT3' });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <label>
        {name.label}
        <input name={name.name} ref={name.inputRef} onChange={name.onChange} onBlur={name.onBlur} aria-invalid={name.error} />
      </label>
      <p>name: {name.helperText ?? '-'}</p>
      <label>
        {carClass.label}
        <input name={carClass.name} ref={carClass.inputRef} onChange={carClass.onChange} onBlur={carClass.onBlur} />
      </label>
      <p>carClass: {carClass.helperText}</p>
      <p>summary: {status.failure ? [status.failure.message, ...status.failure.others].join(' | ') : '-'}</p>
      <p>success: {status.success ?? '-'}</p>
      <button type="submit">Save</button>
    </form>
  );
}

const refusal = (errors: Record<string, string[]>) => new ApiError(400, '/api/cars', { timestamp: 't', status: 400, message: 'Invalid request', path: '/api/cars', errors });

describe('useApiForm', () => {
  it('names the label of an empty required field and sends nothing', async () => {
    const sent: Values[] = [];
    render(<Harness submit={(values) => (sent.push(values), Promise.resolve('x'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name: Name is required')).toBeInTheDocument();
    expect(screen.getByText('summary: Please correct the marked fields.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the API's 400 beside the field it names, in words, and the rest in the summary; no success", async () => {
    render(<Harness submit={() => Promise.reject(refusal({ carClass: ['carClass must not be empty'], 'game.id': ['game 9 does not exist'] }))} />);
    await userEvent.type(screen.getByLabelText('Name'), 'GT3 car');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('carClass: Car class must not be empty')).toBeInTheDocument();
    expect(screen.getByText('summary: Please correct the marked fields. | game 9 does not exist')).toBeInTheDocument();
    expect(screen.getByText('success: -')).toBeInTheDocument();
  });

  it('says success only once the API accepted the save', async () => {
    render(<Harness submit={() => Promise.resolve('car 4')} />);
    await userEvent.type(screen.getByLabelText('Name'), 'GT3 car');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('success: Saved car 4')).toBeInTheDocument();
    expect(screen.getByText('summary: -')).toBeInTheDocument();
  });

  it('retries a submit that got no answer with the same Idempotency-Key, and a changed one with a fresh key', async () => {
    const keys: string[] = [];
    render(<Harness submit={(_values, key) => (keys.push(key), Promise.reject(new ApiError(0, '/api/cars', undefined)))} />);
    await userEvent.type(screen.getByLabelText('Name'), 'GT3 car');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/could not be reached/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    await userEvent.type(screen.getByLabelText('Name'), ' Evo');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends a fresh key after the API answered', async () => {
    const keys: string[] = [];
    render(<Harness submit={(_values, key) => (keys.push(key), Promise.reject(refusal({ name: ['name is taken'] })))} />);
    await userEvent.type(screen.getByLabelText('Name'), 'GT3 car');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('name: Name is taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
