export { Stepper } from './stepper.js';
export type { Step, StepperProps } from './types.js';
