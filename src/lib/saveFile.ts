/** Hands a downloaded file to the browser as if it came from a link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: the browser has its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
