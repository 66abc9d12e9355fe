import { Template } from 'aws-cdk-lib/assertions';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../../lib/definitions/resources.js';
import { removeTestOutdirs, testStacks } from './synth-app.js';

/** Billing in the cloud (docs/billing.md): Stripe secrets in Secrets Manager, the webhook route, and who may read what. */
const { stacks } = testStacks({ stripePublishableKey: 'pk_test_wiring' });
const api = Template.fromStack(stacks.api);
const stateful = Template.fromStack(stacks.stateful);
afterAll(removeTestOutdirs);

const resources = () => api.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const fnOf = (id: string) => resources()[stacks.api.getLogicalId(stacks.api.functions[id].function.node.defaultChild as never)].Properties;
const roleOf = (id: string) => stacks.api.getLogicalId(stacks.api.functions[id].function.role!.node.defaultChild as never);
/** The secrets (by logical id in the stateful stack) a function's role may GetSecretValue on. */
function secretsReadBy(id: string): string[] {
  const read = new Set<string>();
  for (const r of Object.values(resources())) {
    if (r.Type !== 'AWS::IAM::Policy' || !JSON.stringify(r.Properties.Roles).includes(`"${roleOf(id)}"`)) continue;
    for (const st of r.Properties.PolicyDocument.Statement) {
      if (![st.Action].flat().includes('secretsmanager:GetSecretValue')) continue;
      const text = JSON.stringify(st.Resource);
      for (const def of [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET]) if (text.includes(def.id)) read.add(def.id);
    }
  }
  return [...read].sort();
}

describe('billing wiring', () => {
  it('keeps the Stripe secret key and webhook secret in Secrets Manager, retained on delete', () => {
    const secrets = stateful.findResources('AWS::SecretsManager::Secret');
    for (const def of [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET]) {
      const match = Object.entries(secrets).find(([logicalId]) => logicalId.startsWith(def.id));
      expect(match).toBeDefined();
      expect(match![1].DeletionPolicy).toBe('Retain');
    }
  });

  it('routes /api/webhooks/stripe/ to the Webhooks function', () => {
    const paths = Object.values(api.findResources('AWS::ApiGateway::Resource')).map((r) => r.Properties.PathPart);
    expect(paths).toEqual(expect.arrayContaining(['webhooks']));
    const billingArn = JSON.stringify({ 'Fn::GetAtt': [stacks.api.getLogicalId(stacks.api.functions.Webhooks.function.node.defaultChild as never), 'Arn'] });
    const methods = Object.values(api.findResources('AWS::ApiGateway::Method')).filter((m) => JSON.stringify(m.Properties.Integration).includes(billingArn.slice(1, -1)));
    expect(methods).toHaveLength(2); // /api/webhooks and /api/webhooks/{proxy+}
  });

  it('gives the Webhooks and AuthUsers functions the Stripe secrets’ ids and read access to both, and no one else', () => {
    const stripeIds = [STRIPE_SECRET_KEY.id, STRIPE_WEBHOOK_SECRET.id];
    expect(Object.keys(fnOf('Webhooks').Environment.Variables)).toEqual(expect.arrayContaining([STRIPE_SECRET_KEY.envVar, STRIPE_WEBHOOK_SECRET.envVar, 'TABLE_NAME']));
    for (const id of ['Webhooks', 'AuthUsers']) expect(secretsReadBy(id)).toEqual(expect.arrayContaining(stripeIds));
    for (const id of ['Meetings', 'Search', 'Surveys', 'System']) expect(secretsReadBy(id).filter((s) => stripeIds.includes(s))).toEqual([]);
  });

  it('hands the publishable key only to the function that serves the checkout calls', () => {
    expect(fnOf('AuthUsers').Environment.Variables.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_wiring');
    expect(fnOf('Webhooks').Environment.Variables.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });
});
