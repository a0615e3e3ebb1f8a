/**
 * The Firebase Auth emulator's ID tokens are unsigned, and firebase-admin accepts them for any uid
 * (the admin's included) as soon as FIREBASE_AUTH_EMULATOR_HOST is set. That is only safe on a
 * developer's own machine, so the API refuses to start with it anywhere that looks shared.
 */
import { isIP } from 'node:net';

/** True for `localhost`, 127.0.0.0/8 and ::1 (also IPv4-mapped): addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(h) === 6 && (h === '::1' || h === '0:0:0:0:0:0:0:1');
}

/** The host part of `host:port`, `[v6]:port` or a bare host. */
export function hostOf(address: string): string {
  const a = address.trim();
  const bracketed = /^\[([^\]]*)\]/.exec(a);
  if (bracketed) return bracketed[1]!;
  // A bare IPv6 address has several colons and no port to strip.
  return a.split(':').length === 2 ? a.slice(0, a.lastIndexOf(':')) : a;
}

/** Why the API must not start with this emulator setting, or null when it may. */
export function emulatorRefusal(settings: {
  authEmulatorHost: string | undefined;
  production: boolean;
  listenHost: string;
}): string | null {
  if (!settings.authEmulatorHost) return null;
  const why = (reason: string) =>
    `FIREBASE_AUTH_EMULATOR_HOST is set (${settings.authEmulatorHost}) ${reason}: refusing to start, ` +
    'because the emulator issues unsigned ID tokens that would let anyone sign in as anyone. ' +
    'Unset it outside local development.';
  if (settings.production) return why('while NODE_ENV=production');
  if (!isLoopbackHost(hostOf(settings.authEmulatorHost)))
    return why('and points to a host that is not a loopback address');
  if (!isLoopbackHost(settings.listenHost))
    return why(`while the API listens on ${settings.listenHost}, which is not a loopback address (HOST)`);
  return null;
}
