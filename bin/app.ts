import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { configFromContext, createMeetScribe } from '../lib/meetscribe-app.js';

// One environment per synth: `cdk synth --context stage=prod` (default dev).
const app = new App();
const env = process.env.CDK_DEFAULT_ACCOUNT
  ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
  : undefined;
createMeetScribe(app, configFromContext(app, env));
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
