export { ProductImage } from './product-image.js';
export type { ProductImageProps } from './product-image.js';
