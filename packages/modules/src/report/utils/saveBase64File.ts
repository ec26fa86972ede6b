/** A file of the report API (`R/export`): name, type and base64 content. */
export interface Base64File {
  fileName: string;
  contentType: string;
  contentBase64: string;
}

/** Saves a base64 file through a Blob link (the browser's download). */
export function saveBase64File(file: Base64File): void {
  const binary = atob(file.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
