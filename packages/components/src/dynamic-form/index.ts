export { DynamicForm } from './dynamic-form.js';
export type { DynamicFormProps, DynamicField } from './dynamic-form.js';
