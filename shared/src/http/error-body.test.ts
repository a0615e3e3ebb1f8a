import { detailsFromBody, flattenErrors, messageFromBody } from './error-body';

describe('error body reading', () => {
  it('flattens errors as "<field>: <message>", keeping key then message order', () => {
    expect(flattenErrors({ Name: ['is required'], Email: ['is invalid', 'is taken'] })).toEqual([
      'Name: is required',
      'Email: is invalid',
      'Email: is taken',
    ]);
  });

  it('takes a single string per field, a bare message for an empty key, and a list as is', () => {
    expect(flattenErrors({ City: 'is required', '': ['Form incomplete'] })).toEqual([
      'City: is required',
      'Form incomplete',
    ]);
    expect(flattenErrors(['first', 'second'])).toEqual(['first', 'second']);
  });

  it('skips values that carry no text', () => {
    expect(flattenErrors({ Name: [1, null, ''], Age: { min: 1 } })).toEqual([]);
    expect(flattenErrors('nope')).toEqual([]);
    expect(flattenErrors(null)).toEqual([]);
  });

  it('prefers a non-empty details list over an errors object', () => {
    expect(detailsFromBody({ details: ['a'], errors: { B: ['b'] } })).toEqual(['a']);
    expect(detailsFromBody({ details: [], errors: { B: ['b'] } })).toEqual(['B: b']);
    expect(detailsFromBody('text')).toEqual([]);
  });

  it("reads a message only from a string body or an object body's message field", () => {
    expect(messageFromBody('  Boom  ')).toBe('Boom');
    expect(messageFromBody({ message: 'Bad' })).toBe('Bad');
    expect(messageFromBody({ message: 42 })).toBeUndefined();
    expect(messageFromBody(['Bad'])).toBeUndefined();
  });
});
