import { apiUrl } from './api-url';

describe('apiUrl', () => {
  it.each([
    ['http://api.test/', 'api/community', 'http://api.test/api/community'],
    ['http://api.test', 'api/community', 'http://api.test/api/community'],
    ['http://api.test/', '/api/community', 'http://api.test/api/community'],
    ['http://api.test//', '/api/community', 'http://api.test/api/community'],
    [
      'https://hub.example/backend/',
      'api/community/base/1?countryId=2',
      'https://hub.example/backend/api/community/base/1?countryId=2',
    ],
    ['', 'api/user', '/api/user'],
    ['/', 'api/user', '/api/user'],
  ])('joins %j and %j as %j', (base, path, expected) => {
    expect(apiUrl(base, path)).toBe(expected);
  });

  it('refuses absolute URLs so the bearer token never leaves the API', () => {
    expect(() => apiUrl('http://api.test/', 'https://evil.test/steal')).toThrow(TypeError);
    expect(() => apiUrl('http://api.test/', '//evil.test/steal')).toThrow(TypeError);
  });
});
