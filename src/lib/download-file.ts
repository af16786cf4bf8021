/** Saves text as a file through a temporary link (CSV registers, a guest's data export). */
export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Saves a CSV written by `toCsv` (`@/lib/csv`; its byte-order mark is in the text). */
export function downloadCsv(fileName: string, text: string) {
  downloadText(fileName, text, 'text/csv;charset=utf-8');
}
