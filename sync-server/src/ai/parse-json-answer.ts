// Reads the JSON object out of a model's answer, forgiving the wrappers local models like to add: code
// fences, a sentence before or after, a trailing comma. Returns undefined when no JSON object is there.

export function parseJsonAnswer(text: string): unknown {
  const candidates: string[] = [];
  const trimmed = text.trim();
  candidates.push(trimmed);
  for (const fence of trimmed.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g))
    candidates.push(fence[1]!.trim());
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first !== -1 && last > first) candidates.push(trimmed.slice(first, last + 1));
  for (const candidate of candidates) {
    for (const variant of [candidate, candidate.replace(/,\s*([}\]])/g, '$1')]) {
      try {
        const value: unknown = JSON.parse(variant);
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
      } catch {
        // Try the next reading.
      }
    }
  }
  return undefined;
}
