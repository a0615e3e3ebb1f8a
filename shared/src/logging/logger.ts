/** SPEC §9: production logs errors only; development logs everything. */
const verbose = typeof process !== 'undefined' && process.env.NODE_ENV !== 'production';

export const logger = {
  error: (...args: unknown[]) => console.error(...args),
  warn: (...args: unknown[]) => {
    if (verbose) console.warn(...args);
  },
  info: (...args: unknown[]) => {
    if (verbose) console.info(...args);
  },
  debug: (...args: unknown[]) => {
    if (verbose) console.debug(...args);
  },
};
