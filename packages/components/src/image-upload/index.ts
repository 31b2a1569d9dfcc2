export { ImageUpload } from './image-upload.js';
export type { ImageUploadProps, ImageAttachment } from './image-upload.js';
