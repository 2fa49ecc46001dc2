// Only the native bridge adapter talks to the host app's injected objects.

/** How a page names its global object. */
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'top', 'parent', 'frames']);

function propertyName(node) {
  if (!node.computed) return node.property.type === 'Identifier' ? node.property.name : null;
  const key = node.property;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked;
  return null;
}

function stringValue(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** `window`, `globalThis`, `self`, … and their chains (`globalThis.window`), through `as` casts and `!`. */
function isGlobalObject(node) {
  while (node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'TSTypeAssertion') {
    node = node.expression;
  }
  if (node.type === 'Identifier') return GLOBAL_OBJECTS.has(node.name);
  if (node.type === 'MemberExpression') return GLOBAL_OBJECTS.has(propertyName(node) ?? '') && isGlobalObject(node.object);
  if (node.type === 'ChainExpression') return isGlobalObject(node.expression);
  return false;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Reading a native host's object (`webkit`, `AndroidBridge`) off the global object, by dot, brackets, destructuring, `in`, `Reflect.get` or as a bare global.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The names a native host injects into the page. */
          hosts: { type: 'array', items: { type: 'string' } },
        },
        required: ['hosts'],
        additionalProperties: false,
      },
    ],
    messages: {
      host: "'{{name}}' belongs to the native host: use the native bridge adapter (lib/native-bridge).",
    },
  },
  create(context) {
    const hosts = new Set(context.options[0].hosts);
    const report = (node, name) => context.report({ node, messageId: 'host', data: { name } });
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (name !== null && hosts.has(name) && isGlobalObject(node.object)) report(node, name);
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !node.init || !isGlobalObject(node.init)) return;
        for (const property of node.id.properties) {
          if (property.type !== 'Property') continue;
          const name = property.computed ? stringValue(property.key) : (property.key.name ?? property.key.value);
          if (hosts.has(name)) report(property, name);
        }
      },
      BinaryExpression(node) {
        const name = stringValue(node.left);
        if (node.operator === 'in' && hosts.has(name) && isGlobalObject(node.right)) report(node, name);
      },
      CallExpression(node) {
        // Reflect.get(window, 'webkit'), Reflect.has(…), Object.getOwnPropertyDescriptor(…)
        const [target, key] = node.arguments;
        const name = stringValue(key);
        if (node.callee.type === 'MemberExpression' && target && hosts.has(name) && isGlobalObject(target)) report(node, name);
      },
      'Program:exit'(program) {
        // A bare `webkit` or `AndroidBridge`: a global read that no declaration in the file resolves.
        for (const reference of context.sourceCode.getScope(program).through) {
          if (hosts.has(reference.identifier.name)) report(reference.identifier, reference.identifier.name);
        }
      },
    };
  },
};
