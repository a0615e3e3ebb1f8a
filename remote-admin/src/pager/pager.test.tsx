import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clampPage, Pager } from './pager';

const previous = () => screen.getByRole('button', { name: 'Previous' });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('Pager', () => {
  it('names what it pages, shows where you are and steps one page either way', async () => {
    const onPageChange = jest.fn();
    render(<Pager label="Pages of users" page={2} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages of users' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(previous());
    await userEvent.click(next());
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot step before the first page nor past the last', () => {
    const { rerender } = render(<Pager label="Pages of users" page={1} pages={3} onPageChange={jest.fn()} />);
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    rerender(<Pager label="Pages of users" page={3} pages={3} onPageChange={jest.fn()} />);
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();
    rerender(<Pager label="Pages of users" page={1} pages={1} onPageChange={jest.fn()} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
  });

  it('shows a page past the end (an old address, a shrunken list) as the last, and steps back from there', async () => {
    const onPageChange = jest.fn();
    render(<Pager label="Pages of communities" page={9} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await userEvent.click(previous());
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('keeps pages in range', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(7, 3)).toBe(3);
    expect(clampPage(4, 0)).toBe(1);
  });
});
