import { render, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { hubStore, queryClient, useStore } from '@hub/shared';
import { AppProviders } from './app-providers';

function Probe() {
  const sameClient = useQueryClient() === queryClient;
  const sameStore = useStore() === hubStore;
  return <p>{`query client ${sameClient ? 'shared' : 'other'}, store ${sameStore ? 'shared' : 'other'}`}</p>;
}

it("gives everything under it the site's one query client and one store", () => {
  render(
    <AppProviders>
      <Probe />
    </AppProviders>,
  );
  expect(screen.getByText('query client shared, store shared')).toBeInTheDocument();
});
