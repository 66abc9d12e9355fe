// aws-local-stepfunctions needs Promise.withResolvers, which Node 20 lacks.
import '../../local/polyfills.js';
// The SDK warns once per process that Node 20 support ends in 2027; the tests know.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
