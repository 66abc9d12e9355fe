// aws-local-stepfunctions needs Promise.withResolvers, which Node 20 lacks.
import '../../local/polyfills.js';
