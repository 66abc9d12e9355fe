/** Types of the project's ESLint plugin (boundaries.js), for the tests that run its rules. */
import type { Rule } from 'eslint';

declare const plugin: {
  meta: { name: string };
  rules: Record<'no-import-outside' | 'no-sibling-import' | 'no-aws-client' | 'no-use-case-import', Rule.RuleModule>;
};
export default plugin;
