/**
 * What the outbox's logs may say about a recipient: never the whole address. An operator sees the
 * mail's id and kind, the address's first letter and its domain (which mail server refused), and
 * send errors with any address in them masked the same way (an SMTP refusal often quotes it).
 */

/** `j***@example.com` for `jane.doe@example.com`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const ADDRESS = /[^\s<>()[\]",;:@]+@[^\s<>()[\]",;:@]+/g;

/** The text with every e-mail address in it masked. */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, maskAddress);
}
