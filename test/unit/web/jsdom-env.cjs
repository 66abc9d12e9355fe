/**
 * jsdom test environment plus the Web encoding classes react-router needs (jsdom lacks them).
 * Use with the docblock `@jest-environment ./test/unit/web/jsdom-env.cjs`.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithEncoding extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.TextEncoder = TextEncoder;
    this.global.TextDecoder = TextDecoder;
  }
}

module.exports = JsdomWithEncoding;
