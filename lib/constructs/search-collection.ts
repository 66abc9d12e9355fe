import { Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as aoss from 'aws-cdk-lib/aws-opensearchserverless';
import { Construct } from 'constructs';
import type { Access } from './data-access.js';

export interface SearchCollectionProps {
  /**
   * Prefix of the collection and policy names (lower-case, 3..24 characters): OpenSearch Serverless
   * names are unique per account and region, so it carries the stage.
   */
  readonly namePrefix: string;
  /** Index names the handlers use (the adapter's prefix), e.g. 'meetscribe-'. */
  readonly indexPrefix: string;
  /** Standby replicas in a second AZ (doubles the minimum OCUs). @default true */
  readonly standbyReplicas?: boolean;
}

/**
 * An OpenSearch Serverless SEARCH collection with its encryption policy (AWS-owned key) and network
 * policy. Data access policies are not created here but by `SearchDataAccess` in each stack whose
 * functions use the collection: they must name those functions' roles, and a reference from this
 * (stateful) stack to the stateless stacks would make the stack dependency circular.
 *
 * Network choice: public endpoint, IAM-only. Every request must be SigV4-signed by a principal that
 * both holds `aoss:APIAccessAll` and is named in a data access policy; anonymous requests are refused.
 * A VPC endpoint would put every function that searches in a VPC, with NAT or endpoints for
 * DynamoDB, S3, Secrets Manager, SES and API Gateway: cost and cold-start latency for no gain in
 * who may read the data.
 */
export class SearchCollection extends Construct {
  public readonly collection: aoss.CfnCollection;
  public readonly name: string;
  public readonly namePrefix: string;
  public readonly indexPrefix: string;
  /** https endpoint for the OpenSearch client (OPENSEARCH_ENDPOINT). */
  public readonly endpoint: string;
  public readonly arn: string;

  /** Throws when the name prefix would make an invalid OpenSearch Serverless name. */
  constructor(scope: Construct, id: string, props: SearchCollectionProps) {
    super(scope, id);
    if (!/^[a-z][a-z0-9-]{2,23}$/.test(props.namePrefix)) {
      throw new Error(`SearchCollection namePrefix must be 3..24 lower-case letters, digits or dashes, got "${props.namePrefix}".`);
    }
    this.namePrefix = props.namePrefix;
    this.indexPrefix = props.indexPrefix;
    this.name = `${props.namePrefix}-search`;
    const rules = [{ ResourceType: 'collection', Resource: [`collection/${this.name}`] }];
    const encryption = new aoss.CfnSecurityPolicy(this, 'Encryption', {
      name: `${props.namePrefix}-enc`,
      type: 'encryption',
      description: `Encrypts ${this.name} at rest with an AWS-owned key`,
      policy: JSON.stringify({ Rules: rules, AWSOwnedKey: true }),
    });
    const network = new aoss.CfnSecurityPolicy(this, 'Network', {
      name: `${props.namePrefix}-net`,
      type: 'network',
      description: `Public HTTPS endpoint for ${this.name}; requests are IAM-signed and checked against data access policies`,
      policy: JSON.stringify([{ Rules: rules, AllowFromPublic: true }]),
    });
    this.collection = new aoss.CfnCollection(this, 'Collection', {
      name: this.name,
      type: 'SEARCH',
      description: 'MeetScribe search: meetings, spoken passages and on-screen text',
      standbyReplicas: props.standbyReplicas === false ? 'DISABLED' : 'ENABLED',
    });
    // A collection cannot be created before a matching encryption policy exists.
    this.collection.addResourceDependency(encryption);
    this.collection.addResourceDependency(network);
    this.collection.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.endpoint = this.collection.attrCollectionEndpoint;
    this.arn = this.collection.attrArn;
  }
}

const INDEX_PERMISSIONS: Readonly<Record<Access, readonly string[]>> = {
  // Readers create the indices too: the adapter creates missing ones (with mappings) on first use.
  R: ['aoss:DescribeIndex', 'aoss:CreateIndex', 'aoss:ReadDocument'],
  RW: ['aoss:DescribeIndex', 'aoss:CreateIndex', 'aoss:UpdateIndex', 'aoss:ReadDocument', 'aoss:WriteDocument'],
};

/**
 * The data access policy of one stack for one collection: the roles granted through
 * `ProjectFunction.bindSearchCollection`, with index permissions by access level and only on the
 * handlers' indices. One policy per stack, rendered at synthesis.
 */
export class SearchDataAccess extends Construct {
  private readonly principals: Record<Access, iam.IRole[]> = { R: [], RW: [] };

  /** The stack's policy for the collection, created on first use. */
  static of(stack: Stack, collection: SearchCollection): SearchDataAccess {
    const id = `SearchDataAccess${collection.namePrefix.replace(/[^a-z0-9]/g, '')}`;
    return (stack.node.tryFindChild(id) as SearchDataAccess | undefined) ?? new SearchDataAccess(stack, id, collection);
  }

  private constructor(scope: Stack, id: string, collection: SearchCollection) {
    super(scope, id);
    const stack = Stack.of(this);
    new aoss.CfnAccessPolicy(this, 'Policy', {
      // Unique per account and region: the prefix carries the stage, the address this stack.
      name: `${collection.namePrefix}-d${this.node.addr.slice(0, 6)}`,
      type: 'data',
      description: `${stack.stackName} functions on ${collection.name}`,
      policy: Lazy.string({ produce: () => stack.toJsonString(this.document(collection)) }),
    });
  }

  /** Adds a role with read (search, create missing indices) or read-write (index documents) permissions. */
  grant(role: iam.IRole, access: Access): void {
    this.principals[access].push(role);
  }

  private document(collection: SearchCollection): unknown[] {
    return (['R', 'RW'] as const).filter((access) => this.principals[access].length > 0).map((access) => ({
      Description: access === 'R' ? 'Search and create missing indices' : 'Index and search documents',
      Principal: this.principals[access].map((role) => role.roleArn),
      Rules: [
        { ResourceType: 'index', Resource: [`index/${collection.name}/${collection.indexPrefix}*`], Permission: [...INDEX_PERMISSIONS[access]] },
        { ResourceType: 'collection', Resource: [`collection/${collection.name}`], Permission: ['aoss:DescribeCollectionItems'] },
      ],
    }));
  }
}
