// Style sheets and untyped module paths imported for their side effects, for the test typecheck
// (each package has its own copy of these declarations for its build).
declare module '*.scss';
declare module '*.css';
