/** Hands a file to the browser's downloads, from text made by the background. */
export function download(file: { filename: string; mimeType: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
