import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RouterButtonLink, RouterLink } from './router-link';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(ui: React.ReactElement) {
  render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe.each([
  ['RouterLink', RouterLink],
  ['RouterButtonLink', RouterButtonLink],
] as const)('%s', (_name, Component) => {
  it('is a real link with the target address', () => {
    renderAt(<Component to="/communities">Communities</Component>);
    expect(screen.getByRole('link', { name: 'Communities' })).toHaveAttribute('href', '/communities');
  });

  it('navigates inside the app on a plain click', () => {
    renderAt(<Component to="/communities">Communities</Component>);
    fireEvent.click(screen.getByRole('link', { name: 'Communities' }), { button: 0 });
    expect(screen.getByTestId('where')).toHaveTextContent('/communities');
  });

  it('leaves a modified click (new tab) to the browser', () => {
    renderAt(<Component to="/communities">Communities</Component>);
    fireEvent.click(screen.getByRole('link', { name: 'Communities' }), { button: 0, ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent('/start');
  });

  it("runs the caller's onClick first, which may cancel the navigation", () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      <Component to="/communities" onClick={onClick}>
        Communities
      </Component>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Communities' }), { button: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/start');
  });
});
