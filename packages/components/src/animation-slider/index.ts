export { AnimationSlider, ANIMATION_SLIDER_DURATION } from './animation-slider.js';
export type { AnimationSliderProps } from './animation-slider.js';
