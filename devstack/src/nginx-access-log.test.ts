import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nginxHops } from './nginx-access-log.ts';

const line = (path: string, requestTime: string, upstream: string, cache: string) =>
  `127.0.0.1 - [2026-11-27T13:00:00+00:00] "GET ${path} HTTP/1.1" 200 512 ${requestTime} "-" "autocannon" ` +
  `request_id=abc upstream=127.0.0.1:7406 upstream_time=${upstream} cache=${cache}`;

describe("nginx's access log, per hop", () => {
  it("takes one path's requests: nginx's time, the API's, and what its cache answered", () => {
    const log = [
      ...Array.from({ length: 98 }, () => line('/api/events', '0.002', '0.001', 'MISS')),
      line('/api/events', '0.120', '0.110', 'MISS'),
      line('/api/events', '0.001', '-', 'HIT'),
      line('/api/events/31', '0.900', '0.900', 'MISS'),
      line('/api/events', '0.050', '0.010, 0.030', 'EXPIRED'),
      'garbage',
    ].join('\n');
    const hops = nginxHops(log, '/api/events');
    assert.equal(hops.requests, 101);
    assert.equal(hops.fromCache, 1);
    // Nearest rank: the 100th of 101 request times (2 ms ×98, 1, 50, 120 ms); of the 100 that
    // reached the API (the HIT did not), the 100th, and a retried request counts both replicas' times.
    assert.equal(hops.requestP99, 50);
    assert.equal(hops.upstreamP99, 110);
    assert.equal(nginxHops(log.replace('0.110', '0.001'), '/api/events').upstreamP99, 40);
    assert.equal(nginxHops(log, '/api/community').requests, 0);
  });
});
