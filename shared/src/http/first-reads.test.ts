import { setUpAnonymousFetch } from '../testing/anonymous-fetch-setup';
import { stubFetch } from '../testing/fake-fetch';
import { apiFetch } from './api-fetch';
import { firstReadsElementId, forgetFirstReads, pendingFirstReads } from './first-reads';
import { setIdTokenProvider } from './id-token-provider';

/** A page that came with these answers, as the host's page server writes them. */
function pageWith(answers: unknown, text = JSON.stringify(answers)) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = firstReadsElementId;
  block.textContent = text;
  document.head.appendChild(block);
  forgetFirstReads();
}

setUpAnonymousFetch();

afterEach(() => {
  document.head.innerHTML = '';
  forgetFirstReads();
});

describe("a page's first reads, answered by its HTML (issue 14, detail pages drawn from data)", () => {
  it('answers the first plain read of each path from the page, once; the next one asks the API', async () => {
    pageWith({ 'api/events/31': { id: 31, title: 'From the page' } });
    const fetchMock = stubFetch({ body: { id: 31, title: 'From the API' } });
    await expect(apiFetch('api/events/31')).resolves.toEqual({ id: 31, title: 'From the page' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pendingFirstReads()).toEqual([]);
    await expect(apiFetch('api/events/31')).resolves.toEqual({ id: 31, title: 'From the API' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers a signed-in visitor too, without waiting for the token (the answers are public)', async () => {
    pageWith({ 'api/community/4': { id: 4 } });
    const token = jest.fn(() => new Promise<string>(() => undefined));
    setIdTokenProvider(token);
    stubFetch({ body: {} });
    await expect(apiFetch('api/community/4')).resolves.toEqual({ id: 4 });
    expect(token).not.toHaveBeenCalled();
  });

  it('leaves reads that ask the API itself, writes and other paths to the API', async () => {
    pageWith({ 'api/events/31': { id: 31 } });
    const fetchMock = stubFetch({ body: { from: 'api' } });
    await expect(apiFetch('api/events/31', { cache: 'no-cache' })).resolves.toEqual({ from: 'api' });
    await expect(apiFetch('api/events/31', { method: 'PUT', json: {} })).resolves.toEqual({ from: 'api' });
    await expect(apiFetch('api/events/32')).resolves.toEqual({ from: 'api' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(pendingFirstReads()).toEqual(['api/events/31']);
  });

  it('reads the API when the page has no block, or one that cannot be read', async () => {
    const fetchMock = stubFetch({ body: { from: 'api' } });
    await expect(apiFetch('api/events/31')).resolves.toEqual({ from: 'api' });
    pageWith(null, '{not json');
    await expect(apiFetch('api/events/31')).resolves.toEqual({ from: 'api' });
    pageWith(['api/events/31']);
    await expect(apiFetch('api/events/31')).resolves.toEqual({ from: 'api' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
