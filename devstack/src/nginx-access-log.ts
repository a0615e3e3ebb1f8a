/**
 * Per-hop figures from nginx's access log (the `hub` format of nginx-config.ts): for the requests of
 * one path, how long nginx took to answer (`$request_time`) beside how long the API took
 * (`upstream_time=$upstream_response_time`), and how many nginx answered from its cache. The
 * topology bench prints them under each read, so a tail shows whether it is nginx's or the API's.
 */
import { readFileSync } from 'node:fs';

export interface NginxHops {
  requests: number;
  /** p99 of nginx's request time, ms. */
  requestP99: number;
  /** p99 of the API's time over the requests that reached it, ms (0 when none did). */
  upstreamP99: number;
  /** Requests answered from nginx's cache (HIT, STALE, UPDATING). */
  fromCache: number;
}

const p99 = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!;
};

export function nginxHops(logText: string, pathname: string): NginxHops {
  const requestTimes: number[] = [];
  const upstreamTimes: number[] = [];
  let fromCache = 0;
  for (const line of logText.split('\n')) {
    const match = /"GET (\S+) HTTP\/[\d.]+" \d+ \d+ ([\d.]+) .* upstream_time=(.+?) cache=(\S+)$/.exec(line);
    if (!match || match[1] !== pathname) continue;
    requestTimes.push(Number(match[2]) * 1000);
    // "-" when nginx answered alone; "0.004, 0.010" when it tried a second replica: the sum.
    if (match[3] !== '-')
      upstreamTimes.push(match[3]!.split(/,\s*/).reduce((sum, part) => sum + (Number(part) || 0), 0) * 1000);
    if (['HIT', 'STALE', 'UPDATING'].includes(match[4]!)) fromCache += 1;
  }
  return { requests: requestTimes.length, requestP99: p99(requestTimes), upstreamP99: p99(upstreamTimes), fromCache };
}

export const readNginxHops = (accessLog: string, pathname: string) =>
  nginxHops(readFileSync(accessLog, 'utf8'), pathname);
