import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Email, ImageUrl, Name } from './common.ts';
import { registerTextFormats } from './register-text-formats.ts';

describe('registerTextFormats', () => {
  registerTextFormats({ production: true });
  const schema = Type.Object({ name: Name(100), email: Email, imageUrl: ImageUrl });
  const valid = { name: 'Ada', email: 'ada@example.com', imageUrl: 'https://example.com/a.png' };

  it('lets TypeBox accept what the API accepts', () => {
    expect(Value.Check(schema, valid)).toBe(true);
    expect(Value.Check(schema, { ...valid, imageUrl: '' })).toBe(true);
  });

  it.each([
    ['a name with U+0000', { name: 'Ada\u0000' }],
    ['a name of only a zero-width space', { name: '\u200b' }],
    ['a javascript: image address', { imageUrl: 'javascript:alert(1)' }],
    ['an http image address in production', { imageUrl: 'http://localhost/a.png' }],
    ['an address without a domain', { email: 'ada@' }],
  ])('refuses %s, as the API does', (_label, change) => {
    expect(Value.Check(schema, { ...valid, ...change })).toBe(false);
  });

  it('can be called by every form: the second call changes nothing', () => {
    registerTextFormats({ production: false });
    expect(Value.Check(schema, { ...valid, imageUrl: 'http://localhost/a.png' })).toBe(false);
  });
});
