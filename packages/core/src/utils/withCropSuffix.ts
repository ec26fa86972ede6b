/**
 * Adds an image-service crop to an image link: `?x-oss-process=image/resize,m_fill,w_200,h_200`
 * (`&…` when the link has a query). A link that already asks for processing, or an empty one, is left alone.
 */
export function withCropSuffix(url: string, width: number, height: number): string {
  if (!url || url.includes('x-oss-process=')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}x-oss-process=image/resize,m_fill,w_${width},h_${height}`;
}
