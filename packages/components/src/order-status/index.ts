export { OrderStatus } from './order-status.js';
export type { OrderStatusProps } from './types.js';
