// babel-jest (Jest's default transform when a Babel config is present) compiles the TypeScript tests
// to CommonJS for the Node that runs them. Babel strips the types without checking them.
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
};
