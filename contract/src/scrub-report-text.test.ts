import { SCRUBBED, scrubReportAddress, scrubReportText } from './scrub-report-text';

describe('scrubReportText', () => {
  it('drops query strings and fragments of addresses and paths', () => {
    expect(scrubReportText('GET https://api.example/api/events?q=jane%20doe&page=2 failed')).toBe(
      'GET https://api.example/api/events failed',
    );
    expect(scrubReportText('at /account/login?continue=/my-hub#x (main.js:1:2)')).toBe(
      'at /account/login (main.js:1:2)',
    );
    expect(scrubReportText('is it ok? event #12')).toBe('is it ok? event #12');
    expect(scrubReportText('at f (https://hub.example/main.js?v=2:3:14)\n at g (/x.js#a:1:2)')).toBe(
      'at f (https://hub.example/main.js:3:14)\n at g (/x.js:1:2)',
    );
  });

  it('replaces e-mail addresses, bearer tokens and long opaque strings', () => {
    expect(scrubReportText('no account for jane.doe+hub@corp.example.com')).toBe('no account for [email]');
    expect(scrubReportText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${SCRUBBED}`);
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0';
    expect(scrubReportText(`GET /api/calendar/${token}.ics 500`)).toBe(`GET /api/calendar/${SCRUBBED}.ics 500`);
    expect(scrubReportText('eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig')).toContain(SCRUBBED);
  });

  it('keeps what helps: webpack chunk names, line numbers, messages', () => {
    const frame = 'at render (https://hub.example/remote-events/123.3f2a1b9c8d7e6f5a4b3c.js:1:2045)';
    expect(scrubReportText(frame)).toBe(frame);
    expect(scrubReportText("TypeError: Cannot read properties of undefined (reading 'id')")).toBe(
      "TypeError: Cannot read properties of undefined (reading 'id')",
    );
  });
});

describe('scrubReportAddress', () => {
  it('keeps the origin and path only', () => {
    expect(scrubReportAddress('https://hub.example/events/12?utm=x#top')).toBe('https://hub.example/events/12');
    expect(scrubReportAddress('/my-account?email=jane@corp.test')).toBe('/my-account');
  });
});
