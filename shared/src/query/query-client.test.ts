import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { createHubQueryClient, queryClient, queryClientDefaults } from './query-client';

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
    expect(queryClient.getDefaultOptions().queries).toEqual(queryClientDefaults.queries);
  });

  describe('offline (issue 23)', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('asks once for a read with no answer and fails, instead of waiting for the network for ever', async () => {
      onlineManager.setOnline(false);
      const client = createHubQueryClient();
      const fetcher = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
      const observer = new QueryObserver(client, { queryKey: ['never', 'read'], queryFn: fetcher });
      const results: string[] = [];
      const stop = observer.subscribe((r) => results.push(`${r.status}/${r.fetchStatus}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
      stop();
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(results.at(-1)).toBe('error/idle');
      expect(results).not.toContain('pending/paused');
    });

    it('keeps showing an answer it has (stale or not) rather than asking for it again', async () => {
      const client = createHubQueryClient();
      client.setQueryData(['stored'], 'kept', { updatedAt: Date.now() - 700_000 });
      onlineManager.setOnline(false);
      const fetcher = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
      const observer = new QueryObserver(client, { queryKey: ['stored'], queryFn: fetcher });
      const stop = observer.subscribe(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetcher).not.toHaveBeenCalled();
      expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'kept' });
      stop();
    });
  });
});
