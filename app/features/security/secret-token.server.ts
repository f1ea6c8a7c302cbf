import crypto from "node:crypto";

/**
 * A secret link's token: 144 random bits as base64url (24 characters), never derived from an id.
 * Clients' quote and job pages use it (/q/<token>, /j/<token>).
 */
export const newSecretToken = () => crypto.randomBytes(18).toString("base64url");
