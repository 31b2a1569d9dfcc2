export { WebPreview } from './web-preview.js';
export type { WebPreviewProps } from './web-preview.js';
