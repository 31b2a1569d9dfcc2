// Component style sheets are imported for their side effect; bundlers turn them into CSS.
declare module '*.scss';
declare module '*.css';
