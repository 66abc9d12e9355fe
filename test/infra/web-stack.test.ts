import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { WEBSOCKET } from '../../lib/definitions/api.js';
import { testStacks, removeTestOutdirs } from './synth-app.js';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const template = Template.fromStack(testStacks().stacks.web);
const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
const behaviour = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

afterAll(removeTestOutdirs);

describe('WebStack', () => {
  it('serves the private SPA bucket through origin access control with index.html as root', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
  });

  it('forwards /api/* uncached, with every method and all viewer headers but Host, to the REST stage', () => {
    expect(behaviour('/api/*')).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']),
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour('/api/*').TargetOriginId);
    expect(origin.OriginPath).toBe('/live');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('sets the security headers on the SPA and /api/* through one response-headers policy (issue #19)', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [[policyId, policy]] = Object.entries(policies);
    const headers = (policy as any).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp: string = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain('stripe.com');
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(behaviour('/api/*').ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('forwards the WebSocket path uncached to the WebSocket API', () => {
    expect(behaviour(WEBSOCKET.path)).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST });
  });

  it('rewrites client-side routes to index.html but leaves files alone', () => {
    const code: string = Object.values(template.findResources('AWS::CloudFront::Function'))[0].Properties.FunctionCode;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/meetings/42' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/app.js' } }).uri).toBe('/assets/app.js');
  });

  it('deploys no site without a web build', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('deploys the web build and invalidates the distribution when the folder exists', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'meetscribe-site-'));
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html>');
    const withSite = Template.fromStack(testStacks({ siteAssetsDir: site }).stacks.web);
    withSite.hasResourceProperties('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'] });
  });
});
