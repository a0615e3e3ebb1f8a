/**
 * The secrets that are their own credential in an address (a calendar feed's, a community's
 * invitation link's): 256 random bits as base64url, kept only as their SHA-256, so a copy of the
 * database (a backup, a replica, a support query) opens nothing. A given secret is looked up by its
 * hash; one not of the right shape is not looked up at all.
 */
import { createHash, randomBytes } from 'node:crypto';

/** base64url of 32 random bytes. */
export const SECRET_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** The hex SHA-256 a secret is stored and looked up by. */
export const secretTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
