import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPagination } from './ListPagination.js';
import { ALL_ROWS } from './paging.js';

describe('ListPagination', () => {
  it('says which rows are shown and steps between pages, the ends disabled', async () => {
    const onChange = jest.fn();
    const { rerender } = render(<ListPagination label="Event pages" paging={{ pageIndex: 0, rowsPerPage: 25 }} totalElements={30} onChange={onChange} />);
    const footer = screen.getByRole('navigation', { name: 'Event pages' });
    expect(footer).toHaveTextContent('1–25 of 30');
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 1, rowsPerPage: 25 });

    rerender(<ListPagination label="Event pages" paging={{ pageIndex: 1, rowsPerPage: 25 }} totalElements={30} onChange={onChange} />);
    expect(footer).toHaveTextContent('26–30 of 30');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('starts again at the first page with a new page size, All included', async () => {
    const onChange = jest.fn();
    render(<ListPagination label="Event pages" paging={{ pageIndex: 2, rowsPerPage: 10 }} totalElements={30} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), 'All');
    expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 0, rowsPerPage: ALL_ROWS });
  });

  it('shows nothing until the list has rows', () => {
    render(<ListPagination label="Event pages" paging={{ pageIndex: 0, rowsPerPage: 25 }} totalElements={0} onChange={jest.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
