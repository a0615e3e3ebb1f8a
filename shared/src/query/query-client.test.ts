import { createHubQueryClient, queryClient } from './query-client';

describe('the query client', () => {
  it('keeps a GET answer for 600000 ms, as SPEC §7 says', () => {
    const defaults = createHubQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(600000);
    expect(defaults?.gcTime).toBe(600000);
  });

  it('serves a stored answer until 600000 ms have passed, then counts it as stale', async () => {
    jest.useFakeTimers();
    try {
      const client = createHubQueryClient();
      const fetcher = jest.fn().mockResolvedValue('answer');
      await client.fetchQuery({ queryKey: ['thing'], queryFn: fetcher });
      jest.advanceTimersByTime(599999);
      await client.fetchQuery({ queryKey: ['thing'], queryFn: fetcher });
      expect(fetcher).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      await client.fetchQuery({ queryKey: ['thing'], queryFn: fetcher });
      expect(fetcher).toHaveBeenCalledTimes(2);
      client.clear();
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives the site-wide client the same defaults', () => {
    expect(queryClient.getDefaultOptions().queries).toEqual({ staleTime: 600000, gcTime: 600000, retry: false });
  });
});
