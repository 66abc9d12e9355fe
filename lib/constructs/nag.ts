import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
// The exact flattening cdk-nag applies to IAM resources when it names an IAM5 finding
// (`Resource::<...>`); reusing it keeps our acknowledgement IDs byte-identical to the findings.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/** Namespace under which CDK's validation report files cdk-nag's AwsSolutions findings. */
const NAMESPACE = 'AwsSolutions';

/**
 * Acknowledges one AwsSolutions finding (e.g. 'AwsSolutions-IAM4[Policy::...]') on a construct and
 * everything beneath it. Throws if the reason is too short to tell a reviewer anything.
 */
export function acknowledgeNag(scope: IConstruct, finding: string, reason: string): void {
  if (reason.trim().length < 20) {
    throw new Error(`cdk-nag acknowledgement of ${finding} at ${scope.node.path} needs a real reason.`);
  }
  Validations.of(scope).acknowledge({ id: `${NAMESPACE}::${finding}`, reason });
}

/**
 * Acknowledges the IAM5 wildcard finding for one resource ARN pattern (a string that may contain
 * tokens, e.g. `${bucket.bucketArn}/*`).
 *
 * The finding's name embeds the resource as the consuming stack writes it, and a reference to
 * another stack only becomes an `Fn::ImportValue` when the app is prepared for synthesis. So the
 * name is computed in a construct validation, which CDK runs after that step and before the
 * policy-validation plugins read acknowledgements.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      const flat = flattenCfnReference(Stack.of(scope).resolve(resource));
      acknowledgeNag(scope, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
      return [];
    },
  });
}
