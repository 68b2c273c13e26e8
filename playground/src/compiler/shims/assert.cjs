// node:assert for @babel/core in the page (CommonJS: Babel calls `require("assert")(…)`).
function assert(value, message) {
  if (!value) throw new Error(message ?? 'assertion failed');
}
assert.ok = assert;
assert.equal = (a, b, message) => assert(a == b, message);
assert.strictEqual = (a, b, message) => assert(a === b, message);
module.exports = assert;
