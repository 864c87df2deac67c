// Search rules shared by the browser and the server (the index itself is imported from
// './note-search-index.ts' directly, so pages that never search do not carry it).
export * from './fold-text.ts';
export * from './fuzzy-title.ts';
export * from './parse-search-query.ts';
export * from './search-snippet.ts';
export * from './text-checks.ts';
export * from './tokenize.ts';
