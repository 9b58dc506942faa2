/** Up to two initials of a name ("Ava Stone" -> "AS"), "?" when there are none. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  const result = letters.map((w) => Array.from(w)[0]!.toUpperCase()).join("");
  return result || "?";
}
