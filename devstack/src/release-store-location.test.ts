import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import path from 'node:path';
import { AzureBlobObjectStore, accountOf } from './release-azure-store';
import { FolderObjectStore } from './release-folder-store';
import { openObjectStore, releaseBaseUrl, releaseStoreLocation } from './release-store-location';
import { remotesDocument } from '../../serving/src/site-config';

const settings = [
  'HUB_RELEASE_STORE',
  'HUB_RELEASES_DIR',
  'HUB_RELEASE_PUBLIC_BASE_URL',
  'HUB_REMOTE_EVENTS_ORIGIN',
  'HUB_REMOTE_EVENTS_URL',
  'HUB_REMOTE_COMMUNITIES_URL',
];
const saved = Object.fromEntries(settings.map((s) => [s, process.env[s]]));
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the release store is chosen by its URL', () => {
  it('a path or file: URL is a folder; an http(s) URL is an Azure Blob container', () => {
    assert.ok(openObjectStore('/srv/releases') instanceof FolderObjectStore);
    assert.equal((openObjectStore('file:///srv/releases') as FolderObjectStore).root, '/srv/releases');
    const azure = openObjectStore('https://hubreleases.blob.core.windows.net/releases', 'a2V5');
    assert.ok(azure instanceof AzureBlobObjectStore);
    assert.equal(azure.location, 'https://hubreleases.blob.core.windows.net/releases');
    const signed = openObjectStore('https://hubreleases.blob.core.windows.net/releases?sv=2024&sig=secret');
    assert.equal(signed.location, 'https://hubreleases.blob.core.windows.net/releases');
    assert.equal(accountOf(new URL('https://hubreleases.blob.core.windows.net/releases')), 'hubreleases');
    assert.equal(accountOf(new URL('http://127.0.0.1:10000/devstoreaccount1/releases')), 'devstoreaccount1');
  });

  it('HUB_RELEASE_STORE wins over HUB_RELEASES_DIR, which wins over the repository folder', () => {
    delete process.env.HUB_RELEASE_STORE;
    delete process.env.HUB_RELEASES_DIR;
    assert.match(releaseStoreLocation(), /[/\\]\.releases$/);
    process.env.HUB_RELEASES_DIR = '/tmp/r';
    assert.equal(releaseStoreLocation(), '/tmp/r');
    process.env.HUB_RELEASE_STORE = 'https://a.blob.core.windows.net/c';
    assert.equal(releaseStoreLocation(), 'https://a.blob.core.windows.net/c');
  });
});

describe('one origin per remote', () => {
  const folder = new FolderObjectStore(path.join('/tmp', 'store'));
  const container = new AzureBlobObjectStore('https://hubreleases.blob.core.windows.net/releases?sv=x&sig=y');

  it("a release's base URL: the remote's own origin, else the public base, else the container, else the local server", () => {
    delete process.env.HUB_RELEASE_PUBLIC_BASE_URL;
    delete process.env.HUB_REMOTE_EVENTS_ORIGIN;
    assert.match(releaseBaseUrl('events', folder), /^http:\/\/localhost:\d+\/$/);
    assert.equal(releaseBaseUrl('events', container), 'https://hubreleases.blob.core.windows.net/releases/events/');
    process.env.HUB_RELEASE_PUBLIC_BASE_URL = 'https://cdn.example/hub';
    assert.equal(releaseBaseUrl('events', container), 'https://cdn.example/hub/events/');
    process.env.HUB_REMOTE_EVENTS_ORIGIN = 'https://events.example';
    assert.equal(releaseBaseUrl('events', container), 'https://events.example/');
    assert.equal(releaseBaseUrl('communities', container), 'https://cdn.example/hub/communities/');
  });

  it('remotesDocument() writes each remote at its own origin when it has one', () => {
    delete process.env.HUB_REMOTE_EVENTS_URL;
    delete process.env.HUB_REMOTE_COMMUNITIES_URL;
    process.env.HUB_REMOTE_EVENTS_ORIGIN = 'https://events.example';
    const document = remotesDocument();
    assert.equal(document.events, 'https://events.example/mf-manifest.json');
    assert.match(document.communities!, /^http:\/\/localhost:\d+\/mf-manifest\.json$/);
    // A manifest address of its own still wins (production names every one).
    process.env.HUB_REMOTE_EVENTS_URL = 'https://elsewhere.example/m.json';
    assert.equal(remotesDocument().events, 'https://elsewhere.example/m.json');
  });
});
