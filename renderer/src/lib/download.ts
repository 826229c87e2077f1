/** Saves a Blob (or a text) as a file through a temporary link: works in Electron and the browser. */
export function download(content: Blob | string, fileName: string, type = 'application/json'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download asynchronously: revoke the URL only once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
