/**
 * The BasicOps project that meeting notes go to (the issue: "in a project the user chooses in the
 * Integrations tab, default: the first project"). Our own calls; docs/integrations.md names them.
 */
import type { BasicOpsProjects } from '../../contracts/integrations.js';
import { NotFound, ValidationFailed } from '../errors.js';
import type { Caller, ConnectDeps } from './connect.js';
import { chooseProject, NotesSinkError, type NotesSink } from './meeting-note.js';
import { ProviderUnavailable } from './deliver-notes.js';

export interface ProjectDeps extends Pick<ConnectDeps, 'connections'> {
  readonly notesSinkFor: (userId: string) => NotesSink;
}

async function projectsOf(deps: ProjectDeps, caller: Caller, id: string) {
  if (caller.userId !== id) throw new NotFound();
  const connection = await deps.connections.find(caller.userId, 'basicops');
  if (!connection) throw new NotFound('BasicOps is not connected.');
  try {
    return { connection, projects: await deps.notesSinkFor(caller.userId).listProjects() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'ReauthorizationRequired' || (error instanceof NotesSinkError && error.kind === 'unauthorized')) {
      throw ValidationFailed.nonField('BasicOps needs to be authorized again: click Integrate BasicOps on the left panel.');
    }
    if (error instanceof NotesSinkError) throw new ProviderUnavailable('BasicOps did not answer. Please try again in a few minutes.');
    throw error;
  }
}

/** `GET users/{id}/b_projects/` → `{projects: [{id, title}], project_id}` (the one notes go to now). */
export async function basicOpsProjects(deps: ProjectDeps, caller: Caller, id: string): Promise<BasicOpsProjects> {
  const { connection, projects } = await projectsOf(deps, caller, id);
  return { projects, project_id: chooseProject(projects, connection.settings.projectId)?.id ?? null };
}

/** `PUT users/{id}/b_user_settings/` {project_id}: only a project of the user's BasicOps account. */
export async function chooseBasicOpsProject(deps: ProjectDeps, caller: Caller, id: string, projectId: string): Promise<BasicOpsProjects> {
  const { connection, projects } = await projectsOf(deps, caller, id);
  if (!projects.some((p) => p.id === projectId)) throw new ValidationFailed({ project_id: ['Choose one of your BasicOps projects.'] });
  await deps.connections.update(caller.userId, 'basicops', { settings: { ...connection.settings, projectId } });
  return { projects, project_id: projectId };
}
