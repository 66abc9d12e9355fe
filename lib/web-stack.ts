import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { WEBSOCKET, type WebSocketDefinition } from './definitions/api.js';
import { contentSecurityPolicy, HSTS_SECONDS } from './definitions/security-headers.js';
import { acknowledgeNag, acknowledgeWildcardResource } from './constructs/nag.js';
import { projectPath } from './project-root.js';
import { secureBucketDefaults } from './stateful-stack.js';

/** The REST API shell the API stack attaches its routes and stage to. */
export interface RestApiEntryPoint {
  readonly restApiId: string;
  readonly rootResourceId: string;
  readonly requestValidatorId: string;
  /** Stage the distribution forwards /api/* to (the origin path). */
  readonly stageName: string;
}

export interface WebStackProps extends StackProps {
  /** Built SPA folder; deployed only if it exists, so synth works before a web build. @default web/dist */
  readonly siteAssetsDir?: string;
  /** Public site URL when a custom domain fronts the distribution. @default the distribution's own https URL */
  readonly publicAppUrl?: string;
  /** @default WEBSOCKET */
  readonly webSocket?: WebSocketDefinition;
  /** Allow Stripe.js in the Content-Security-Policy (when billing is configured). @default false */
  readonly stripe?: boolean;
}

const REST_STAGE_NAME = 'live';

// Rewrites extensionless paths (client-side routes) to the SPA shell on the default behaviour only.
// A distribution-wide 403/404 error response would also turn the API's JSON 403/404 into index.html.
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) { request.uri = '/index.html'; }
  return request;
}`;

/**
 * The public edge: SPA bucket, CloudFront distribution, and the two API Gateway APIs as empty
 * shells (routes, integrations and stages live in the API and realtime stacks).
 *
 * Why the shells live here: functions need PUBLIC_APP_URL (the distribution's URL) while the
 * distribution needs the APIs' domains as origins. Creating the API resources here lets the
 * distribution reference them locally and the function stacks depend one way on this stack.
 */
export class WebStack extends Stack {
  public readonly siteBucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  public readonly publicUrl: string;
  public readonly restApi: RestApiEntryPoint;
  public readonly webSocketApi: apigwv2.WebSocketApi;

  constructor(scope: Construct, id: string, props: WebStackProps = {}) {
    super(scope, id, props);
    const webSocket = props.webSocket ?? WEBSOCKET;
    if (webSocket.path !== `/${webSocket.stage}`) {
      throw new Error(`WebSocket path ${webSocket.path} must be "/" + its stage (${webSocket.stage}): CloudFront forwards the path unchanged.`);
    }
    const logs = this.createLogsBucket();
    this.siteBucket = new s3.Bucket(this, 'Site', {
      ...secureBucketDefaults(),
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const restApi = new apigw.CfnRestApi(this, 'RestApi', {
      name: `${this.stackName}-api`,
      endpointConfiguration: { types: ['REGIONAL'] },
    });
    const validator = new apigw.CfnRequestValidator(this, 'RequestValidator', {
      restApiId: restApi.ref,
      validateRequestBody: true,
      validateRequestParameters: true,
    });
    this.restApi = {
      restApiId: restApi.ref,
      rootResourceId: restApi.attrRootResourceId,
      requestValidatorId: validator.ref,
      stageName: REST_STAGE_NAME,
    };
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', { apiName: `${this.stackName}-ws` });
    this.distribution = this.createDistribution(logs, webSocket.path, this.createResponseHeadersPolicy(props.stripe ?? false));
    this.publicUrl = props.publicAppUrl ?? `https://${this.distribution.distributionDomainName}`;
    this.deploySite(props.siteAssetsDir ?? projectPath('web/dist'));
  }

  private createLogsBucket(): s3.Bucket {
    // CloudFront standard logging writes with ACLs, so this one bucket keeps them enabled.
    const logs = new s3.Bucket(this, 'AccessLogs', {
      ...secureBucketDefaults(),
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    acknowledgeNag(logs, 'AwsSolutions-S1', 'This is the server access log target itself; logging it would recurse.');
    return logs;
  }

  /** The same security headers the local gateway sets (lib/definitions/security-headers.ts), plus HSTS. */
  private createResponseHeadersPolicy(stripe: boolean): cloudfront.ResponseHeadersPolicy {
    // The browser uploads to and plays from the media bucket over its virtual-hosted and path-style endpoints.
    const storageOrigins = [`https://*.s3.${this.region}.${this.urlSuffix}`, `https://s3.${this.region}.${this.urlSuffix}`];
    return new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'MeetScribe security headers (CSP, HSTS, nosniff, frame and referrer policies)',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ storageOrigins, stripe }), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_SECONDS), includeSubdomains: true, override: true },
      },
    });
  }

  private createDistribution(logs: s3.Bucket, webSocketPath: string, responseHeadersPolicy: cloudfront.ResponseHeadersPolicy): cloudfront.Distribution {
    const apiBehaviour = {
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    };
    const executeApi = (apiId: string) => `${apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        responseHeadersPolicy,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [{
          eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
          function: new cloudfront.Function(this, 'SpaFallback', {
            code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK),
            runtime: cloudfront.FunctionRuntime.JS_2_0,
          }),
        }],
      },
      additionalBehaviors: {
        '/api/*': {
          ...apiBehaviour,
          responseHeadersPolicy,
          origin: new origins.HttpOrigin(executeApi(this.restApi.restApiId), { originPath: `/${this.restApi.stageName}` }),
        },
        // The path doubles as the WebSocket stage name, so no origin path is needed.
        [webSocketPath]: { ...apiBehaviour, origin: new origins.HttpOrigin(executeApi(this.webSocketApi.apiId)) },
      },
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    acknowledgeNag(distribution, 'AwsSolutions-CFR1', 'The product is sold worldwide; no country is blocked.');
    acknowledgeNag(distribution, 'AwsSolutions-CFR2', 'WAF is an account-level choice per environment; API Gateway throttling limits abuse meanwhile.');
    acknowledgeNag(distribution, 'AwsSolutions-CFR4',
      'The default *.cloudfront.net certificate cannot enforce a minimum TLS version; a custom domain sets TLSv1.2_2021.');
    return distribution;
  }

  private deploySite(assetsDir: string): void {
    if (!fs.existsSync(path.join(assetsDir, 'index.html'))) return;
    const deployment = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(assetsDir)],
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    const handler = this.node.findAll().find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    for (const scope of [deployment, handler].filter((c) => c !== undefined)) {
      acknowledgeNag(scope, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK\'s BucketDeployment handler uses the AWS-managed basic execution policy for its logs.');
      acknowledgeNag(scope, 'AwsSolutions-L1', 'The BucketDeployment handler runtime is chosen by aws-cdk-lib, not by this project.');
    }
    if (!handler) return;
    // CDK's own grants for copying the asset zip into the site bucket and invalidating the distribution.
    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
      acknowledgeNag(handler, `AwsSolutions-IAM5[Action::${action}]`, 'CDK BucketDeployment grant, limited to the asset bucket and the site bucket.');
    }
    acknowledgeNag(handler, 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      'Reads the SPA asset zip from the CDK bootstrap asset bucket.');
    acknowledgeNag(handler, 'AwsSolutions-IAM5[Resource::*]', 'cloudfront:CreateInvalidation/GetInvalidation are granted on * by CDK\'s BucketDeployment.');
    acknowledgeWildcardResource(handler, this.siteBucket.arnForObjects('*'), 'Replaces the SPA files (any key) in the site bucket.');
  }
}
