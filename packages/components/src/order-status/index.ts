export { OrderStatus } from './order-status.js';
export type { OrderStatusProps } from './order-status.js';
