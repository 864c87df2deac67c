// The owner's AI explanation history: explanations are stored when generated and listed newest first.
import type { Explanation } from '@private-notes/shared';
import type { ExplanationRecord, Store } from '../storage/index.ts';

function toExplanation({ id, concept, explanation, createdAt }: ExplanationRecord): Explanation {
  return { id, concept, explanation, createdAt };
}

export class ExplanationService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  list(userId: number): Explanation[] {
    return this.#store
      .filter('explanations', (e) => e.userId === userId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .map(toExplanation);
  }

  async add(userId: number, concept: string, explanation: string, now = new Date()): Promise<Explanation> {
    const record = await this.#store.write((tx) =>
      tx.insert('explanations', { userId, concept, explanation, createdAt: now.toISOString() }),
    );
    return toExplanation(record);
  }
}
