import { parseId } from './parse-id';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('reads %s as %i', (text, id) => expect(parseId(text)).toBe(id));

  it.each([undefined, '', '0', '-1', '1.5', 'abc', '1e3', ' 1', '2147483648', '99999999999'])('refuses %p', (text) =>
    expect(parseId(text)).toBeNull(),
  );
});
