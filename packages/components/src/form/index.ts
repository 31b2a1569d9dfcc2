export { Form } from './form.js';
export type { FormProps, FormContext, FormValues, FormErrors, FormTouched } from './form.js';
