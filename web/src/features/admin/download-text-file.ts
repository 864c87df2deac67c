// Saves text as a file from the browser (the CSV export), with no server round trip for data the page holds.
import { downloadBlob } from '../interchange/download-blob.ts';

export function downloadTextFile(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
