// Style sheets are imported for their side effect; webpack turns them into CSS.
declare module '*.scss';
declare module '*.css';
