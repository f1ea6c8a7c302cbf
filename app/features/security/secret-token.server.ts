import crypto from "node:crypto";

/**
 * Secret links (/q/<token>, /j/<token>, /booking/<token>, calendar feeds, and every private link
 * to come): one way to make their tokens and one way to recognise one.
 */

/** 144 random bits as base64url (24 characters), never derived from an id. */
export const newSecretToken = () => crypto.randomBytes(18).toString("base64url");

/**
 * Whether a string from a URL could be one of our tokens (at least 128 bits of base64url, at most 64
 * characters): anything else is answered as not found without a database query.
 */
export const isSecretToken = (value: string) => /^[A-Za-z0-9_-]{22,64}$/.test(value);
