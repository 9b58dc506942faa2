import { randomBytes } from "node:crypto";

const ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789";

/**
 * A Jitsi Meet room nobody can guess: 20 random characters (about 100 bits). Jitsi rooms need
 * no account; whoever has the link can join, so the name is the only protection.
 */
export function jitsiLink(baseUrl: string, random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(20);
  const slug = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${baseUrl.replace(/\/+$/, "")}/crm-${slug}`;
}
