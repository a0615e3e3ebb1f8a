/**
 * Hands text to the browser's download as a file named `fileName` (an object URL clicked through a
 * hidden link): the attendee CSV, "Download my data"'s JSON and `.ics`. The answers come from
 * apiFetch with the caller's ID token, which a plain link could not send.
 */
export function saveAsFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the browser's download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
