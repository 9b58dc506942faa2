/**
 * A lead's reply address (docs/product.md, "Replies"): the agency's inbound address with the lead
 * in its sub-address, "replies+l0c1a2…@mail.agency.com" for INBOUND_ADDRESS
 * "replies@mail.agency.com". Mail sent about a lead carries it as Reply-To (and an invite as its
 * ORGANIZER), so what the client answers names the lead. Knowing it lets one write to the lead's
 * timeline, which is what it is for; it names nothing else.
 */

const TAG = /^l([0-9a-f]{32})$/;

/** The UUID without its dashes, in lower case, behind an "l". */
const tagOf = (leadId: string) => `l${leadId.replace(/-/g, "").toLowerCase()}`;

const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

function split(address: string): { local: string; domain: string } | undefined {
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return undefined;
  return { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() };
}

/** The lead's reply address under the agency's inbound address. */
export function leadReplyAddress(inbound: string, leadId: string): string {
  const parts = split(inbound);
  if (!parts) throw new Error(`Not an email address: ${inbound}`);
  return `${parts.local}+${tagOf(leadId)}@${parts.domain}`;
}

/**
 * The lead a recipient address names, if it is the inbound address with a lead's tag; undefined for
 * any other address (the bare inbound address included). Local parts compare case-blind, as most
 * mail systems treat them.
 */
export function leadIdOfReplyAddress(inbound: string, address: string): string | undefined {
  const box = split(inbound);
  const to = split(address.trim());
  if (!box || !to || to.domain !== box.domain) return undefined;
  const plus = to.local.indexOf("+");
  if (plus < 0 || to.local.slice(0, plus).toLowerCase() !== box.local.toLowerCase()) return undefined;
  const tag = TAG.exec(to.local.slice(plus + 1).toLowerCase());
  return tag ? uuidOf(tag[1]!) : undefined;
}

/** Whether an address belongs to the inbound mailbox at all (the bare address or any sub-address of it). */
export function isInboundAddress(inbound: string, address: string): boolean {
  const box = split(inbound);
  const to = split(address.trim());
  if (!box || !to || to.domain !== box.domain) return false;
  const local = to.local.toLowerCase();
  const base = box.local.toLowerCase();
  return local === base || local.startsWith(`${base}+`);
}
