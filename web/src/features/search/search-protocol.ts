// Messages between the notes screen and the search worker.
export type SearchRequest =
  | { type: 'refresh' }
  | { type: 'search'; seq: number; text: string }
  | { type: 'titles'; seq: number; text: string; limit: number };

export type SearchResponse =
  | { type: 'ready'; size: number }
  | { type: 'search'; seq: number; ready: boolean; ids: string[]; terms: string[] }
  | { type: 'titles'; seq: number; matches: Array<{ id: string; title: string }> }
  | { type: 'failed'; message: string };
