// Saves text as a file from the browser (the CSV export): a Blob behind a temporary object URL and an
// <a download> click, so no server round trip is needed for data the page already holds.
export function downloadTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium reads the blob after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
