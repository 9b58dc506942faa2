import type { QueryKey } from "@tanstack/react-query";
import type { AdvancedNotice } from "@crm/contracts/api/live";

/**
 * The query keys a live notice's topic makes stale: the parts of the topic are a key prefix.
 * "leads" -> ["leads", …], "lead:<id>" -> ["lead", id], "activities:<leadId>" -> ["activities", leadId],
 * "users:pending" -> ["users", "pending"]. A change to users may be the signed-in person's own
 * (approval, role), so "users" also refreshes ["me"].
 */
export function topicQueryKeys(topic: string): QueryKey[] {
  const key = topic.split(":");
  return key[0] === "users" ? [key, ["me"]] : [key];
}

/**
 * The query keys a notice makes stale, or "all" after a rebuild swapped read models in: new tables
 * may change anything shown, and reads of them may have answered 503 while they were built.
 */
export function staleQueryKeys(notice: AdvancedNotice): QueryKey[] | "all" {
  return notice.rebuilt?.length ? "all" : notice.topics.flatMap(topicQueryKeys);
}
