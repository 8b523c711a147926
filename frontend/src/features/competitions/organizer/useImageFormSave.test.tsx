import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { SaveFailure } from '../../../components/form/saveWithImage.js';
import { useImageFormSave } from './useImageFormSave.js';

type Values = { name: string };

/** A form as the group and competition forms use the hook: a name, and what the hook says after a save. */
function Harness({ send, saved }: { send: (values: Values, icon: File | null, banner: File | null) => Promise<string>; saved: string[] }) {
  const { handleSubmit, setError, register, formState } = useForm<Values>({ defaultValues: { name: 'GT World Series' } });
  const { save, imageErrors, failure } = useImageFormSave({
    handleSubmit,
    setError,
    send,
    onSaved: (answer: string) => saved.push(answer),
    fieldOf: (path) => (path === 'name' || path === 'icon' || path === 'banner' ? path : null),
    notSaved: 'The group was not saved',
  });
  return (
    <form onSubmit={save}>
      <input aria-label="Name" {...register('name')} />
      <p>name: {formState.errors.name?.message ?? '-'}</p>
      <p>banner: {imageErrors.banner ?? '-'}</p>
      <p>summary: {failure ? [failure.message, ...failure.others].join(' | ') : '-'}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('saving a form with an icon and a banner', () => {
  it('puts a refused save’s messages beside their fields and the images, and the rest in the summary', async () => {
    const refused = new SaveFailure(400, 'Bad request', { name: ['name is taken'], banner: ['banner must be an image'], 'game.id': ['game 9 does not exist'] });
    render(<Harness send={() => Promise.reject(refused)} saved={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name: name is taken')).toBeInTheDocument();
    expect(screen.getByText('banner: banner must be an image')).toBeInTheDocument();
    expect(screen.getByText('summary: Please correct the marked fields. | game.id: game 9 does not exist')).toBeInTheDocument();
  });

  it('sends the values with the images chosen (none yet) and hands over what the API answered', async () => {
    const saved: string[] = [];
    const sent: unknown[] = [];
    render(
      <Harness
        send={(values, icon, banner) => {
          sent.push({ values, icon, banner });
          return Promise.resolve('saved group 3');
        }}
        saved={saved}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual(['saved group 3']));
    expect(sent).toEqual([{ values: { name: 'GT World Series' }, icon: null, banner: null }]);
    expect(screen.getByText('summary: -')).toBeInTheDocument();
  });
});
