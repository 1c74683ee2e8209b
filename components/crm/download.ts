/** Hands a file made by the background to the browser's downloads (works in a shadow root too). */
export function saveFile(file: { filename: string; mimeType: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
