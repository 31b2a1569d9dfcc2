// What a package's `import './style.scss'` becomes in its WordPress script
// (scripts/webpack.packages.config.js): the style sheets ship compiled as components.css instead.
export {};
